import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

/**
 * The published packages as an app gets them: packed, installed in a throwaway app outside the
 * workspace, bundled by each mainstream bundler and run in Node, Deno and Chromium against a real
 * platform; type-checked, and linted by publint and attw.
 */
export default defineProject({
  resolve: {
    // The platform the bundles call, from its source: no build of it needed first.
    alias: {
      '@vitrine/platform': fileURLToPath(
        new URL('../packages/platform/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'consumer',
    environment: 'node',
    include: ['*.test.mjs'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
})
