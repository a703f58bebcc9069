import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const source = (path: string) => fileURLToPath(new URL(`../../packages/${path}`, import.meta.url))

/**
 * The shop: React Router's plugin (server rendering, route chunks), the packages read from their
 * sources (no prebuild), and the dev server on 5173 (a default allowed origin of the platform).
 */
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      '@vitrine/client/identity': source('client/src/identity/index.ts'),
      '@vitrine/client': source('client/src/index.ts'),
      '@vitrine/react': source('react/src/index.ts'),
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A first page loads few files, so that its scripts hold up its styles and pictures less
        // on a slow connection: the libraries in one chunk, the modules that several pages share
        // (the packages' and the shop's own) in another; each page, the merchant console and what
        // loads on first use (member flows, the cart drawer) in chunks of their own. The order
        // pages' parts (`src/orders/`) are shared by those pages only, not by the first ones.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules/ },
            {
              name: 'app',
              test: /packages[\\/](client|react)[\\/]|apps[\\/]storefront[\\/]src[\\/](?!admin[\\/]|orders[\\/])/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
})
