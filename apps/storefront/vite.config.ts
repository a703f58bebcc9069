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
      '@vitrine/client': source('client/src/index.ts'),
      '@vitrine/react': source('react/src/index.ts'),
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The libraries in one chunk and the packages in another: a first page loads a few
        // well-compressed files; the pages and the parts loaded later keep chunks of their own.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules/ },
            { name: 'shop', test: /packages[\\/](client|react)[\\/]/ },
          ],
        },
      },
    },
  },
})
