// Size budget of the storefront's first page: the gzip size of the JavaScript the home page loads
// (Vite's entry chunk and every chunk it imports statically, read from the build's manifest).
// Lazy pages and the merchant console (`/admin`) are listed for information; they load later.
// Builds the shop first unless `--no-build` is given and apps/storefront/dist exists.
// Prints the figures; exits non-zero over budget.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

// 100 KB until the client refused the official client's field names (0.18 KB) and took its query
// object (0.17 KB) in every shop: see bench/size.mjs.
const BUDGET = 100.5 * 1024
const shop = fileURLToPath(new URL('../apps/storefront/', import.meta.url))
const dist = `${shop}dist/`
const manifestPath = `${dist}.vite/manifest.json`

if (!process.argv.includes('--no-build') || !existsSync(manifestPath))
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build'],
    { cwd: shop, stdio: 'ignore' },
  )

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const gzip = (file) => gzipSync(readFileSync(dist + file), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`

/** The chunks `key` loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen)
  return seen
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
const initial = [...staticClosure(entry)].map((key) => manifest[key].file)
const total = initial.reduce((sum, file) => sum + gzip(file), 0)

console.log('storefront, JavaScript of the first page (min+gzip):')
for (const file of initial) console.log(`  ${file.padEnd(40)} ${kb(gzip(file))}`)
const over = total > BUDGET
console.log(`  total ${kb(total)} — ${over ? 'OVER' : 'within'} the budget of ${kb(BUDGET)}`)

const lazy = Object.values(manifest)
  .filter((chunk) => chunk.isDynamicEntry)
  .map((chunk) => [chunk.src ?? chunk.file, gzip(chunk.file)])
  .sort((a, b) => b[1] - a[1])
console.log('loaded later, on first use:')
for (const [name, bytes] of lazy) console.log(`  ${name.padEnd(40)} ${kb(bytes)}`)
process.exit(over ? 1 : 0)
