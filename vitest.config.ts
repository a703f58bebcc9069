import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'apps/storefront/vitest.e2e.config.ts',
      'apps/storefront/vitest.deployment.config.ts',
      'consumer',
    ],
  },
})
