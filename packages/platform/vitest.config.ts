import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: {
    // The tests drive the platform with the client's source: no build needed first. The port test's
    // data layer imports the entry for ports, `@vitrine/client/wix`; the longer names first.
    alias: {
      '@vitrine/client/wix': fileURLToPath(new URL('../client/src/wix/index.ts', import.meta.url)),
      '@vitrine/client/identity': fileURLToPath(
        new URL('../client/src/identity/index.ts', import.meta.url),
      ),
      '@vitrine/client': fileURLToPath(new URL('../client/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'platform',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One throwaway PostgreSQL cluster for the whole run; each test file gets its own database.
    globalSetup: ['src/test-support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
