import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'
import { SHOP_ORIGIN } from './src/test-support/origin.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineProject({
  resolve: {
    // The tests drive the real platform with the client's source: no build needed first.
    alias: {
      '@vitrine/client/identity': source('../client/src/identity/index.ts'),
      '@vitrine/client': source('../client/src/index.ts'),
      '@vitrine/platform': source('../platform/src/index.ts'),
    },
  },
  test: {
    name: 'react',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // The page is the storefront's origin, which the test platform allows: happy-dom's own fetch
    // sends it as `Origin` and enforces CORS on the answers, as a browser does.
    environmentOptions: { happyDOM: { url: `${SHOP_ORIGIN}/` } },
    setupFiles: ['src/test-support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
