import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const source = (path: string) => fileURLToPath(new URL(`../../packages/${path}`, import.meta.url))

/**
 * React Router's production build: its package exports only the development one (dev warnings
 * on), which its own Vite plugin swaps at build time; in declarative mode we do the same.
 */
const routerForProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /([/\\])development([/\\])/,
  '$1production$2',
)

/**
 * React Router's module neither marks its components (`forwardRef`, `memo`) and contexts as pure
 * nor keeps their DevTools names (`displayName`) out of the top level, so the framework and data
 * router parts a declarative shop never uses (forms, fetchers, scripts, RSC) would stay in the
 * first page. Marks them pure and drops the names (the production build has no DevTools labels).
 */
function routerTreeShaking(): Plugin {
  return {
    name: 'vitrine:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /react-router[/\\]dist[/\\]production[/\\]/ },
      handler(code) {
        return {
          code: code
            .replace(/^\w+\.displayName = "[\w.]+";$/gm, '')
            .replace(/= (React\d*\.(?:createContext|forwardRef|memo)\()/g, '= /* @__PURE__ */ $1'),
          map: null,
        }
      },
    },
  }
}

/**
 * The shop: the packages are read from their sources (no prebuild), the dev server on 5173 and the
 * preview on 4173 (the platform's default allowed origins), and a manifest so that
 * `bench/storefront-size.mjs` can tell which JavaScript the home page loads.
 */
export default defineConfig(({ command }) => ({
  plugins: [react(), routerTreeShaking()],
  resolve: {
    alias: [
      { find: '@vitrine/client', replacement: source('client/src/index.ts') },
      { find: '@vitrine/react', replacement: source('react/src/index.ts') },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: routerForProduction }]
        : []),
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    manifest: true,
    target: 'es2022',
    // No module preload lists for the lazy chunks (the first page would carry the list of every
    // chunk): a lazy chunk loads what it imports itself, and the likely next pages are fetched on
    // idle anyway. Lazy CSS (the console's) is still loaded with its chunk.
    modulePreload: false,
    rolldownOptions: {
      // Reading a property has no side effects in this code (no getters that act): unused reads
      // can go.
      treeshake: { propertyReadSideEffects: false },
      output: {
        // Everything the first page needs in one chunk (it compresses best as one), every lazy
        // page and the merchant console in chunks of their own.
        codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] },
      },
    },
  },
}))
