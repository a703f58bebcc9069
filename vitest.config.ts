import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/storefront/vitest.e2e.config.ts', 'consumer'],
  },
})
