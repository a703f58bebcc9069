// Per-call overhead of @vitrine/client: currentCart.getCurrentCart() vs a raw fetch of the same URL,
// against a local HTTP server answering a 5-line cart. Prints the ratio measured in this one run.
// Not a test: nothing is asserted (machines here are shared and noisy).
import { build } from 'esbuild'
import { createServer } from 'node:http'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROUNDS = Number(process.env.ROUNDS ?? 30)
const BATCH = Number(process.env.BATCH ?? 200)

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

async function time(fn) {
  const start = process.hrtime.bigint()
  for (let i = 0; i < BATCH; i++) await fn()
  return Number(process.hrtime.bigint() - start) / 1e3 / BATCH // µs per call
}

for (let i = 0; i < 3; i++) {
  await time(raw)
  await time(ours)
} // warm-up
const rawTimes = [],
  ourTimes = []
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so drift on a shared machine hits both sides alike.
  if (round % 2) {
    rawTimes.push(await time(raw))
    ourTimes.push(await time(ours))
  } else {
    ourTimes.push(await time(ours))
    rawTimes.push(await time(raw))
  }
}
server.close()
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const r = median(rawTimes),
  o = median(ourTimes)
console.log(
  `raw fetch:               ${r.toFixed(1)} µs/call (median of ${ROUNDS} batches of ${BATCH})`,
)
console.log(`currentCart.getCurrentCart: ${o.toFixed(1)} µs/call`)
console.log(`ratio ours/raw: ${(o / r).toFixed(3)} (budget 1.05)`)
