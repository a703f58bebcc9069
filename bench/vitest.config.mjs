import { defineProject } from 'vitest/config'

/** The benchmarks' own helpers (the benchmarks themselves are run by hand, never as tests). */
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['*.test.mjs'] },
})
