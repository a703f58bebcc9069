// Platform throughput, measured in one run on 127.0.0.1 with autocannon: a bare Fastify JSON route
// (the baseline); the real platform (SQLite, demo data) answering product GET, product query and
// add-to-cart; the same GET, query and add-to-cart written by hand (bench/platform-floor.mjs: the
// reads send stored documents), as a floor; then the latency of a product query (filter + sort +
// page) over 100,000 products. Each server runs in its own process (bench/platform-server.mjs),
// as the load generator does in this one. Prints ratios of the server's CPU time per request
// against the baseline and against the floor, and of requests per second against the baseline.
// Not a test: nothing is asserted. Run with `npm run bench:platform` (it builds).
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../packages/platform/dist/index.js'
import { refreshProductDocuments } from '../packages/platform/dist/modules/catalog/index.js'

const DURATION = Number(process.env.DURATION ?? 10)
const CONNECTIONS = 50
const BIG = Number(process.env.PRODUCTS ?? 100_000)
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'))

const encodeR = (payload) => Buffer.from(JSON.stringify(payload)).toString('base64url')
const listen = async (app) => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${app.server.address().port}`
}
/**
 * Starts bench/platform-server.mjs with `args`; resolves `{url, adminKey, cpu, stop}` once it
 * listens. `cpu()` resolves the server's CPU µs and requests since the previous call.
 */
const serve = (...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL('./platform-server.mjs', import.meta.url).pathname, ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    let readings = []
    child.stdout.on('data', (chunk) => {
      out += chunk
      for (const [, micros, requests] of out.matchAll(/CPU (\d+) (\d+)\n/g))
        readings.shift()?.({ micros: Number(micros), requests: Number(requests) })
      out = out.replace(/CPU \d+ \d+\n/g, '')
      const match = /READY (\S+) (\S+)/.exec(out)
      if (match) {
        out = out.replace(match[0], '')
        resolve({
          url: match[1],
          adminKey: match[2],
          cpu: () =>
            new Promise((reading) => {
              readings.push(reading)
              child.kill('SIGUSR2')
            }),
          stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
        })
      }
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
/** Loads `server` with autocannon (`opts`); the result has `cpuPerRequest`, the server's µs. */
const run = async (server, opts) => {
  await server.cpu()
  const result = await new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  )
  const { micros, requests } = await server.cpu()
  return Object.assign(result, { cpuPerRequest: micros / requests })
}
const describe = (name, r) => {
  const errors = r.errors + r.timeouts + r.non2xx
  console.log(
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  server CPU ${r.cpuPerRequest.toFixed(0).padStart(4)} µs/request${errors ? `  (${errors} errors/non-2xx)` : ''}`,
  )
  return r
}

// 1. Baseline: a bare Fastify JSON route.
const bare = await serve('bare')
const baseline = describe('bare fastify JSON', await run(bare, { url: `${bare.url}/json` }))
await bare.stop()

// 2. The platform with the demo shop.
const shop = await serve('platform', `sqlite:${join(dir, 'demo.db')}`, 'demo')
const url = shop.url
const token = async () => {
  const res = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
  })
  return (await res.json()).access_token
}
const visitor = await token()
const query = {
  query: {
    filter: { visible: true },
    sort: [{ fieldName: 'price', order: 'ASC' }],
    paging: { limit: 12, offset: 0 },
  },
}
const page = await (
  await fetch(`${url}/stores-reader/v1/products/query-platformized?.r=${encodeR(query)}`, {
    headers: { Authorization: visitor },
  })
).json()
const product =
  page.products.find((p) => !p.manageVariants && p.stock?.inStock !== false) ?? page.products[0]
const productGet = describe(
  'product GET',
  await run(shop, {
    url: `${url}/stores-reader/v1/products/${product.id}`,
    headers: { Authorization: visitor },
  }),
)
const productQuery = describe(
  '12-product query',
  await run(shop, {
    url: `${url}/stores-reader/v1/products/query-platformized?.r=${encodeR(query)}`,
    headers: { Authorization: visitor },
  }),
)
// Add-to-cart from many visitors at once (one cart each), as shoppers would.
const visitors = await Promise.all(Array.from({ length: CONNECTIONS }, token))
const addBody = JSON.stringify({
  lineItems: [
    {
      quantity: 1,
      catalogReference: {
        catalogItemId: product.id,
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
      },
    },
  ],
})
/** Autocannon options: add-to-cart at `url`, each connection a visitor of its own. */
const adds = (url) => {
  let next = 0
  return {
    url,
    method: 'POST',
    body: addBody,
    setupClient: (client) =>
      client.setHeaders({
        'content-type': 'application/json',
        Authorization: visitors[next++ % visitors.length],
      }),
  }
}
const addToCart = describe(
  'add-to-cart',
  await run(shop, adds(`${url}/ecom/v1/carts/current/add-to-cart`)),
)
await shop.stop()

// 3. The floor (bench/platform-floor.mjs): the same work by hand, on the same database.
const floor = await serve('floor', join(dir, 'demo.db'))
const floorGet = describe(
  'floor: product GET',
  await run(floor, {
    url: `${floor.url}/products/${product.id}`,
    headers: { Authorization: visitor },
  }),
)
const floorQuery = describe(
  'floor: 12-product query',
  await run(floor, { url: `${floor.url}/products`, headers: { Authorization: visitor } }),
)
const floorAdd = describe('floor: add-to-cart', await run(floor, adds(`${floor.url}/add-to-cart`)))
await floor.stop()

const ratio = (r) => ((100 * r.requests.average) / baseline.requests.average).toFixed(0) + ' %'
const cost = (r) => (r.cpuPerRequest / baseline.cpuPerRequest).toFixed(1) + '×'
const micros = (r) => r.cpuPerRequest.toFixed(0) + ' µs'
// What a request costs the server, whatever share of the CPUs the load generator takes.
console.log(
  `\nserver CPU per request: product GET ${micros(productGet)}, 12-product query ${micros(productQuery)}, add-to-cart ${micros(addToCart)}`,
)
console.log(
  `vs baseline: req/s product GET ${ratio(productGet)}, product query ${ratio(productQuery)}, add-to-cart ${ratio(addToCart)}; CPU per request ${cost(productGet)}, ${cost(productQuery)}, ${cost(addToCart)}`,
)
console.log(
  `p99 at ${CONNECTIONS} connections: product GET ${productGet.latency.p99} ms, add-to-cart ${addToCart.latency.p99} ms`,
)
console.log(
  `floor (the same work by hand, no platform layers): product GET ${ratio(floorGet)} of the baseline's req/s, ${cost(floorGet)} its CPU; 12-product query ${ratio(floorQuery)}, ${cost(floorQuery)}; add-to-cart ${ratio(floorAdd)}, ${cost(floorAdd)}`,
)
const vsFloor = (r, f) => (r.cpuPerRequest / f.cpuPerRequest).toFixed(2) + '×'
console.log(
  `CPU per request vs the floor's: product GET ${vsFloor(productGet, floorGet)} (goal ≤ 1.3×), 12-product query ${vsFloor(productQuery, floorQuery)} (goal ≤ 1.3×), add-to-cart ${vsFloor(addToCart, floorAdd)}`,
)
// The peer: Vendure 3.7 on this machine doing the same work, as issue 22 recorded it (its server's
// CPU per request at 10 and 50 connections). The lowest figure its ratios allow is taken, so that
// these ratios are the least favourable to the platform.
const VENDURE_US = { get: 2371, query: 11468, add: 9950 }
const vsVendure = (r, us) => (r.cpuPerRequest / us).toFixed(3) + '×'
console.log(
  `CPU per request vs Vendure 3.7 (recorded): product GET ${vsVendure(productGet, VENDURE_US.get)} (goal ≤ 0.04×), 12-product query ${vsVendure(productQuery, VENDURE_US.query)} (goal ≤ 0.045×), add-to-cart ${vsVendure(addToCart, VENDURE_US.add)} (goal ≤ 0.05×)`,
)

// 4. A product query over BIG products: filter + sort + page, sequential, latency percentiles.
const big = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'big.db')}`,
  seed: 'none',
  logger: false,
})
const db = big.platform.db.kysely
const now = new Date().toISOString()
const t0 = Date.now()
for (let start = 0; start < BIG; start += 1000) {
  const rows = []
  for (let i = start; i < Math.min(BIG, start + 1000); i++) {
    const price = 1 + ((i * 7919) % 50_000) / 100
    rows.push({
      id: `p${i}`,
      numeric_id: i + 1,
      name: `Product ${i}`,
      slug: `product-${i}`,
      visible: i % 10 ? 1 : 0,
      product_type: 'physical',
      description: '',
      currency: 'USD',
      price,
      discount_type: 'NONE',
      discount_value: 0,
      discounted_price: price,
      manage_variants: 0,
      track_inventory: 0,
      in_stock: 1,
      product_options: '[]',
      media: '{"items":[]}',
      additional_info_sections: '[]',
      custom_text_fields: '[]',
      created_date: now,
      last_updated: now,
    })
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('products').values(rows).execute()
    await refreshProductDocuments(
      trx,
      rows.map((row) => row.id),
    )
  })
}
console.log(
  `\ninserted ${BIG} products (and their stored documents) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
)
const bigUrl = await listen(big)
const bigQuery = {
  query: {
    filter: { visible: true, price: { $gte: 50, $lt: 250 }, name: { $startsWith: 'Product 1' } },
    sort: [{ fieldName: 'price', order: 'DESC' }],
    paging: { limit: 24, offset: 48 },
  },
}
const res = await fetch(`${bigUrl}/oauth2/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ clientId: big.platform.config.clientId, grantType: 'anonymous' }),
})
const bigToken = (await res.json()).access_token
const times = []
for (let i = 0; i < 220; i++) {
  const start = process.hrtime.bigint()
  const r = await fetch(
    `${bigUrl}/stores-reader/v1/products/query-platformized?.r=${encodeR(bigQuery)}`,
    {
      headers: { Authorization: bigToken },
    },
  )
  const body = await r.json()
  if (r.status !== 200) throw new Error(`query failed: ${r.status} ${JSON.stringify(body)}`)
  if (i >= 20) times.push(Number(process.hrtime.bigint() - start) / 1e6)
}
times.sort((a, b) => a - b)
console.log(
  `product query over ${BIG} products (filter + sort + page): p50 ${times[times.length >> 1].toFixed(2)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(2)} ms (goal p50 ≤ 10 ms)`,
)
await big.close()
rmSync(dir, { recursive: true, force: true })
