// Size budget of @vitrine/client: min+gzip of what an app loads for typical imports (ESM,
// minified, tree-shaken). "initial" is what a page loads up front: code behind a dynamic import()
// (the member flows of OAuthStrategy: login, registration, PKCE, hosted and silent login, logout)
// is left out, as app bundlers put it in a chunk loaded on first use; "total" inlines it.
// Prints the figures; exits non-zero when an initial load is over its budget (run by `npm test`).
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const entry = fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url))
const OFFICIAL_KB = 29.9
const budgets = [
  {
    name: 'storefront: createClient + OAuthStrategy + currentCart + products + collections + redirects',
    names: ['createClient', 'OAuthStrategy', 'currentCart', 'products', 'collections', 'redirects'],
    limit: 7 * 1024,
    official: true,
  },
  {
    name: 'auth only: createClient + OAuthStrategy',
    names: ['createClient', 'OAuthStrategy'],
    limit: 4 * 1024,
  },
  { name: 'cart only: createClient + currentCart', names: ['createClient', 'currentCart'] },
  {
    name: 'merchant: createClient + ApiKeyStrategy + catalogWriter',
    names: ['createClient', 'ApiKeyStrategy', 'catalogWriter'],
  },
  { name: 'everything exported', names: ['*'] },
]

const lazyExternal = {
  name: 'lazy-external',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    )
  },
}

async function gzipped(contents, plugins) {
  const result = await build({
    // A .js entry: esbuild then fails on a missing export instead of assuming it is a type.
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins,
  })
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length
}

const kb = (n) => (n / 1024).toFixed(2) + ' KB'
let failed = false
for (const budget of budgets) {
  const contents =
    budget.names[0] === '*'
      ? `export * from ${JSON.stringify(entry)}`
      : `export { ${budget.names.join(', ')} } from ${JSON.stringify(entry)}`
  const initial = await gzipped(contents, [lazyExternal])
  const total = await gzipped(contents, [])
  const over = budget.limit && initial > budget.limit
  if (over) failed = true
  const verdict = budget.limit
    ? over
      ? `OVER budget ${kb(budget.limit)}`
      : `ok (budget ${kb(budget.limit)})`
    : ''
  console.log(
    `${budget.name}:\n  initial ${kb(initial)} min+gzip ${verdict}; with lazy parts inlined ${kb(total)}`,
  )
  if (budget.official) {
    const ratio = (n) => (n / (OFFICIAL_KB * 1024)).toFixed(2)
    console.log(
      `  ratio vs the official client's ${OFFICIAL_KB} KB for the same set: ${ratio(initial)} initial, ${ratio(total)} total`,
    )
  }
}
process.exit(failed ? 1 : 0)
