// Size budget of @vitrine/client, measured as an app loads it: the built package (`dist`, through
// its package.json, as `npm install` gives it) imported by a small app that esbuild bundles with
// code splitting on (ESM, minified, tree-shaken). "up front" is the app's entry chunk and every
// chunk it imports statically, gzipped together: what a page downloads before it runs. "on first
// member call" is what the `import()` of the member flows (OAuthStrategy's login, registration,
// PKCE, hosted and silent login, logout) adds. Run after `npm run build` (`npm run size` does).
// Prints the figures; exits non-zero when an up-front load is over its budget (run by `npm test`).
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const OFFICIAL_KB = 29.9
// The budgets were 7 KB and 4 KB. What the quarter KB above each buys, measured this way: refusing
// a request that uses the official client's names (`_id`, `addressLine1`, …) instead of letting the
// server drop them, 0.21 KB in both sets; the official client's query object for `queryProducts` /
// `queryCollections`, 0.17 KB in the storefront set; one tab renewing the tokens of all (the
// browser storage's tab lock), 0.23 KB in auth only. Without the first two: 6.72 KB and 3.95 KB.
// Since: a token the server refuses (a stale cookie, revoked tokens) is renewed, or a new visitor
// started, and the call sent again (0.07 KB in both sets); errors' `details` in the official
// client's shape (0.04 KB), paid for by a shorter ApiError (0.09 KB); a cart line's `url` decoded
// to a string as the official client does (0.09 KB). The official modules' enumerations on the
// module objects (`products.OptionType.color`) live in `@vitrine/client/wix`, the entry a port
// starts from (the port set below). And the identity calls that only the member flows use (loaded
// on their first call) are an entry of their own, `@vitrine/client/identity`: esbuild splits by
// file, so while the main entry re-exported their files they sat in a chunk loaded up front (0.21 KB
// in the storefront set, 0.28 KB in auth only).
const budgets = [
  {
    name: 'storefront: createClient + OAuthStrategy + currentCart + products + collections + redirects',
    names: ['createClient', 'OAuthStrategy', 'currentCart', 'products', 'collections', 'redirects'],
    limit: 7.25 * 1024,
    official: true,
  },
  {
    name: 'port: the storefront set from @vitrine/client/wix',
    names: ['createClient', 'OAuthStrategy', 'currentCart', 'products', 'collections', 'redirects'],
    from: '@vitrine/client/wix',
  },
  {
    name: 'auth only: createClient + OAuthStrategy',
    names: ['createClient', 'OAuthStrategy'],
    limit: 4.25 * 1024,
  },
  { name: 'cart only: createClient + currentCart', names: ['createClient', 'currentCart'] },
  {
    name: 'merchant: createClient + ApiKeyStrategy + catalogWriter',
    names: ['createClient', 'ApiKeyStrategy', 'catalogWriter'],
  },
  {
    name: 'merchant orders: createClient + ApiKeyStrategy + orders + orderFulfillments',
    names: ['createClient', 'ApiKeyStrategy', 'orders', 'orderFulfillments'],
  },
  { name: 'member profile: createClient + members', names: ['createClient', 'members'] },
  { name: 'everything exported', names: ['*'] },
]

/** The app: imports `names` from the package's entry `from` and keeps them alive. */
const app = (names, from = '@vitrine/client') =>
  names[0] === '*'
    ? `import * as all from '${from}'\nglobalThis.app = all\n`
    : `import { ${names.join(', ')} } from '${from}'\nglobalThis.app = [${names.join(', ')}]\n`

/** Gzipped bytes that `names` (from the entry `from`) cost up front, and on the first member call. */
async function measure(names, from) {
  const result = await build({
    entryPoints: ['app'],
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'out',
    absWorkingDir: root,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'app',
        setup(build) {
          build.onResolve({ filter: /^app$/ }, () => ({ path: 'app', namespace: 'app' }))
          build.onLoad({ filter: /.*/, namespace: 'app' }, () => ({
            contents: app(names, from),
            resolveDir: root,
            loader: 'js',
          }))
        },
      },
    ],
  })
  const outputs = result.metafile.outputs
  const bytes = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), file]))
  const closure = (
    kinds,
    start = Object.keys(outputs).find((path) => outputs[path].entryPoint),
  ) => {
    const seen = new Set()
    const visit = (path) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const { path: next, kind } of outputs[path].imports)
        if (kinds.includes(kind)) visit(next)
    }
    visit(start)
    return seen
  }
  const upFront = closure(['import-statement'])
  const later = [...closure(['import-statement', 'dynamic-import'])].filter((p) => !upFront.has(p))
  const gzip = (paths) =>
    paths.length
      ? gzipSync(Buffer.concat(paths.map((path) => bytes.get(path).contents)), { level: 9 }).length
      : 0
  return { upFront: gzip([...upFront]), later: gzip(later) }
}

const kb = (n) => (n / 1024).toFixed(2) + ' KB'
let failed = false
for (const budget of budgets) {
  const { upFront, later } = await measure(budget.names, budget.from)
  const over = budget.limit && upFront > budget.limit
  if (over) failed = true
  const verdict = budget.limit
    ? over
      ? `OVER budget ${kb(budget.limit)}`
      : `ok (budget ${kb(budget.limit)})`
    : ''
  console.log(
    `${budget.name}:\n  up front ${kb(upFront)} min+gzip ${verdict}; on first member call ${kb(later)} more`,
  )
  if (budget.official) {
    const ratio = (n) => (n / (OFFICIAL_KB * 1024)).toFixed(2)
    console.log(
      `  ratio vs the official client's ${OFFICIAL_KB} KB for the same set: ${ratio(upFront)} up front, ${ratio(upFront + later)} with the member flows`,
    )
  }
}
process.exit(failed ? 1 : 0)
