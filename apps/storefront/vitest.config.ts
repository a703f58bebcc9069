import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const source = (path: string) => fileURLToPath(new URL(`../../packages/${path}`, import.meta.url))

/**
 * The storefront's unit and component tests, beside the code in `src/` (happy-dom where a file's
 * docblock asks for it). They read the packages from their sources: no build needed first. The
 * end-to-end tests are the `storefront-e2e` project (`vitest.e2e.config.ts`).
 */
export default defineProject({
  resolve: {
    alias: {
      '@vitrine/client/identity': source('client/src/identity/index.ts'),
      '@vitrine/client': source('client/src/index.ts'),
      '@vitrine/react': source('react/src/index.ts'),
    },
  },
  test: {
    name: 'storefront',
    // The shop server's required settings (src/server/config.server.ts); tests that need a real
    // platform stub STOREFRONT_PLATFORM_URL with its address.
    env: {
      STOREFRONT_PLATFORM_URL: 'http://127.0.0.1:4100',
      STOREFRONT_CLIENT_ID: 'demo-storefront',
      STOREFRONT_URL: 'http://127.0.0.1:4173',
    },
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
