import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

/**
 * The storefront's end-to-end tests in `e2e/`: Chromium drives the real stack (one platform and
 * one fresh build of the shop for the whole run, started by `e2e/global-setup.ts`).
 */
export default defineProject({
  resolve: {
    // The tests' helpers use the client's source: no build needed first.
    alias: {
      '@vitrine/client/identity': fileURLToPath(
        new URL('../../packages/client/src/identity/index.ts', import.meta.url),
      ),
      '@vitrine/client': fileURLToPath(
        new URL('../../packages/client/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'storefront-e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
