// Size budget of @vitrine/client: min+gzip of what an app pays for two typical imports.
// Prints the figures and exits non-zero when a budget is exceeded (run in CI by `npm test`).
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const entry = fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url))
const budgets = [
  {
    name: 'storefront: createClient + OAuthStrategy + currentCart + products + collections + redirects',
    names: ['createClient', 'OAuthStrategy', 'currentCart', 'products', 'collections', 'redirects'],
    limit: 7 * 1024,
    official: '29.9 KB for the same set in the official client',
  },
  {
    name: 'auth only: createClient + OAuthStrategy',
    names: ['createClient', 'OAuthStrategy'],
    limit: 4 * 1024,
  },
  { name: 'cart only: createClient + currentCart', names: ['createClient', 'currentCart'] },
  { name: 'everything exported', names: ['*'] },
]

let failed = false
for (const budget of budgets) {
  const contents =
    budget.names[0] === '*'
      ? `export * from ${JSON.stringify(entry)}`
      : `export { ${budget.names.join(', ')} } from ${JSON.stringify(entry)}`
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  // A missing export is only a warning to esbuild; for a budget it means a wrong figure.
  for (const warning of result.warnings) {
    console.error(`${budget.name}: ${warning.text}`)
    failed = true
  }
  const code = result.outputFiles[0].contents
  const gzip = gzipSync(code, { level: 9 }).length
  const kb = (n) => (n / 1024).toFixed(2) + ' KB'
  const verdict = budget.limit
    ? gzip <= budget.limit
      ? `ok (budget ${kb(budget.limit)})`
      : `OVER budget ${kb(budget.limit)}`
    : ''
  if (budget.limit && gzip > budget.limit) failed = true
  console.log(`${budget.name}: ${kb(code.length)} min, ${kb(gzip)} min+gzip ${verdict}`)
  if (budget.official)
    console.log(`  ratio vs official: ${(gzip / (29.9 * 1024)).toFixed(2)} (${budget.official})`)
}
process.exit(failed ? 1 : 0)
