// The storefront's figures, measured in one run against the stack `npm start` runs (the platform
// with its demo data on a temporary SQLite database and a production build of the shop served by
// its own server, apps/storefront/server.mjs), on free ports of 127.0.0.1:
//
// 1. Lighthouse itself (the `lighthouse` package driving Debian's Chromium, its mobile defaults:
//    a throttled phone, simulated) on the home, catalog and product pages: performance and SEO
//    scores and their metrics, and the JavaScript the browser downloads (scripts' transfer sizes).
//    The baseline: a static HTML page of the same content as the product page — the server's
//    own HTML of it without its scripts, served gzipped by a bare Node server that relays every
//    other path (styles, pictures) to the shop, so both load from one origin — whose LCP the
//    product page's is printed against. Lighthouse's default throttling is simulated (it replays
//    the page's requests on a modelled slow link, counting every request done before the paint);
//    the product page and its static copy are also run with the same profile applied to the real
//    requests (`throttlingMethod: 'devtools'`). Medians of RUNS runs.
// 2. Server rendering throughput (autocannon, gzip accepted as browsers do) of the product page at
//    10 and 50 connections, against the platform's own product GET in the same run, with p99.
//
// Nothing is asserted. `npm run bench:storefront` (`--no-build`: use the last build).
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, get } from 'node:http'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { startThrowawayStack } from '../scripts/stack.mjs'
import { productGet } from './product-get.mjs'

const RUNS = Number(process.env.RUNS ?? 3)
const DURATION = Number(process.env.DURATION ?? 10)
const PRODUCT = '/products/everyday-organic-tee'
const PAGES = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', PRODUCT],
]
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * RUNS Lighthouse runs of `url` (performance and SEO, mobile defaults, `throttlingMethod`
 * simulated unless given): the medians.
 */
async function audit(url, throttlingMethod = 'simulate') {
  const runs = []
  for (let run = 0; run < RUNS; run++) {
    // A fresh browser per run: a cold cache, as Lighthouse's own command line runs.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
    })
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo'],
        throttlingMethod,
      })
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
      const requests = lhr.audits['network-requests'].details.items
      runs.push({
        performance: lhr.categories.performance.score * 100,
        seo: lhr.categories.seo.score * 100,
        seoFailures: lhr.categories.seo.auditRefs
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== 1)
          .map((ref) => ref.id),
        js: requests
          .filter((request) => request.resourceType === 'Script')
          .reduce((sum, request) => sum + request.transferSize, 0),
        ...Object.fromEntries(
          Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id].numericValue]),
        ),
      })
    } finally {
      await chrome.kill()
    }
  }
  const result = { seoFailures: [...new Set(runs.flatMap((run) => run.seoFailures))] }
  for (const key of ['performance', 'seo', 'js', ...Object.keys(METRICS)])
    result[key] = median(runs.map((run) => run[key]))
  return result
}

/** The product page as static HTML: the server's own, without its scripts. */
async function staticCopy(shopUrl) {
  const html = await (await fetch(shopUrl + PRODUCT)).text()
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
}

/**
 * Serves `html` gzipped at / on a free port of 127.0.0.1, and relays every other GET to the shop
 * (`shopUrl`), so the copy loads its styles and pictures from its own origin, as the shop does.
 */
async function serveStatic(html, shopUrl) {
  const page = gzipSync(html)
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
      })
      return response.end(page)
    }
    const relay = get(shopUrl + request.url, { headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    relay.on('error', () => response.writeHead(502).end())
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** Loads `url` for DURATION seconds at `connections`: requests per second and p99 latency. */
async function load(url, connections, headers = {}) {
  const result = await new Promise((resolve, reject) =>
    autocannon(
      { url, connections, duration: DURATION, headers: { 'accept-encoding': 'gzip', ...headers } },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  )
  const failed = result.errors + result.timeouts + result.non2xx
  return { rps: result.requests.average, p99: result.latency.p99, failed }
}

// Chromium is asked for before the stack starts: a launch that fails later crashes the process
// (an unhandled 'error' event of the launcher's child) and would leave both servers running.
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`bench:storefront: no Chromium at ${CHROMIUM_PATH} (scripts/ensure-system-deps.sh)`)
  process.exit(1)
}

const dir = await mkdtemp(join(tmpdir(), 'vitrine-bench-storefront-'))
const cleanups = []
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  await rm(dir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => cleanUp().then(() => process.exit(130)))

try {
  console.log('building the platform and the shop, starting the stack…')
  const stack = await startThrowawayStack({
    dir,
    packages: process.argv.includes('--no-build') ? 'none' : 'platform',
  })
  cleanups.push(() => stack.stop())
  const baseline = await serveStatic(await staticCopy(stack.shopUrl), stack.shopUrl)
  cleanups.push(() => baseline.close())

  console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling)…`)
  const results = []
  for (const [name, url] of [
    ['static', baseline.url],
    ...PAGES.map(([n, p]) => [n, stack.shopUrl + p]),
  ])
    results.push({ name, ...(await audit(url)) })
  const rows = [['page', 'perf', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'JS KB']]
  const ms = (value) => `${Math.round(value)} ms`
  for (const r of results)
    rows.push([
      r.name,
      String(Math.round(r.performance)),
      String(Math.round(r.seo)),
      ms(r.FCP),
      ms(r.LCP),
      ms(r.TBT),
      r.CLS.toFixed(3),
      ms(r.SI),
      (r.js / 1024).toFixed(1),
    ])
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  console.log()
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padStart(widths[column])).join('  '))
  for (const r of results)
    if (r.seoFailures.length) console.log(`  ${r.name}: SEO audits not passed: ${r.seoFailures}`)
  const product = results.find((r) => r.name === 'product')
  const fixed = results.find((r) => r.name === 'static')
  console.log(
    `\nproduct page LCP ×${(product.LCP / fixed.LCP).toFixed(2)} the static page's (${ms(product.LCP)} against ${ms(fixed.LCP)}), simulated throttling`,
  )
  const [applied, appliedStatic] = [
    await audit(stack.shopUrl + PRODUCT, 'devtools'),
    await audit(baseline.url, 'devtools'),
  ]
  console.log(
    `product page LCP ×${(applied.LCP / appliedStatic.LCP).toFixed(2)} the static page's (${ms(applied.LCP)} against ${ms(appliedStatic.LCP)}), the same profile applied (devtools throttling); performance ${Math.round(applied.performance)} against ${Math.round(appliedStatic.performance)}`,
  )

  // Throughput: the shop's server render of the product page, the platform's product GET.
  const productGetOf = await productGet(stack.platformUrl, PRODUCT.split('/').pop())
  console.log(`\nserver rendering, ${DURATION} s per load (autocannon, gzip):`)
  for (const connections of [10, 50]) {
    const shop = await load(stack.shopUrl + PRODUCT, connections)
    const platform = await load(productGetOf.url, connections, productGetOf.headers)
    const failed = shop.failed + platform.failed
    console.log(
      `  ${String(connections).padStart(2)} connections: product page ${shop.rps.toFixed(0)} req/s (p99 ${shop.p99} ms), platform product GET ${platform.rps.toFixed(0)} req/s (p99 ${platform.p99} ms): ×${(shop.rps / platform.rps).toFixed(3)}${failed ? ` (${failed} failed)` : ''}`,
    )
  }
} catch (error) {
  console.error(`bench:storefront: ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  await cleanUp()
}
