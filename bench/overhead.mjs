// Per-call overhead of @vitrine/client: currentCart.getCurrentCart() vs a raw fetch of the same URL,
// against a local HTTP server answering a 5-line cart. Prints the ratio measured in this one run.
// Not a test: nothing is asserted (machines here are shared and noisy).
import { build } from 'esbuild'
import { createServer } from 'node:http'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const CALLS = Number(process.env.CALLS ?? 4000)
const WARMUP = 400

// Bundle the client from source, as an app would.
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'))
const file = join(dir, 'client.mjs')
const out = await build({
  entryPoints: [fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url))],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  write: false,
  logLevel: 'error',
})
writeFileSync(file, out.outputFiles[0].contents)
const { createClient, currentCart, OAuthStrategy } = await import(pathToFileURL(file).href)

const line = (i) => ({
  id: `li${i}`,
  quantity: i,
  catalogReference: { catalogItemId: `p${i}`, appId: 'stores' },
  productName: { original: `Product ${i}` },
  price: { amount: `${i}9.00`, formattedAmount: `$${i}9.00` },
  image: { id: `img${i}`, width: 800, height: 600, filename: `p${i}.jpg` },
  physicalProperties: { weight: 0.5 * i },
})
const body = JSON.stringify({
  cart: {
    id: 'c1',
    createdDate: '2026-03-01T10:00:00.000Z',
    updatedDate: '2026-03-02T10:00:00.000Z',
    currency: 'USD',
    lineItems: [1, 2, 3, 4, 5].map(line),
  },
})
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-wix-request-id': 'bench' })
  res.end(body)
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const baseUrl = `http://127.0.0.1:${server.address().port}`
const url = `${baseUrl}/ecom/v1/carts/current`
const token = 'visitor-access-token'

const client = createClient({
  modules: { currentCart },
  baseUrl,
  auth: OAuthStrategy({
    clientId: 'bench',
    tokens: {
      accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: 'r', role: 'visitor' },
    },
  }),
})
const raw = async () => {
  const res = await fetch(url, { headers: { Authorization: token } })
  if (res.status !== 200) throw new Error(String(res.status))
  return res.json()
}
const ours = () => client.currentCart.getCurrentCart()

// Calls alternate one by one (raw, ours, raw, ours…), each timed alone, so load from the rest
// of a shared machine falls on both sides alike; medians ignore the outliers it causes.
const sides = { raw, ours }
const samples = { raw: [], ours: [] }
for (let i = 0; i < WARMUP; i++) await sides[i % 2 ? 'ours' : 'raw']()
for (let i = 0; i < 2 * CALLS; i++) {
  const side = i % 2 ? 'ours' : 'raw'
  const start = process.hrtime.bigint()
  await sides[side]()
  samples[side].push(Number(process.hrtime.bigint() - start) / 1e3)
}
server.close()
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]
const [r, o] = [quantile(samples.raw, 0.5), quantile(samples.ours, 0.5)]
const [r25, o25] = [quantile(samples.raw, 0.25), quantile(samples.ours, 0.25)]
console.log(
  `raw fetch + res.json():       median ${r.toFixed(1)} µs/call, p25 ${r25.toFixed(1)} (${CALLS} calls)`,
)
console.log(
  `currentCart.getCurrentCart(): median ${o.toFixed(1)} µs/call, p25 ${o25.toFixed(1)} (${CALLS} calls)`,
)
console.log(
  `ratio ours/raw: ${(o / r).toFixed(3)} median, ${(o25 / r25).toFixed(3)} p25 (budget 1.05)`,
)
