// Lighthouse-style metrics of the storefront's home and product pages, measured in headless
// Chromium (playwright-core + CDP; Lighthouse itself is not used) against the stack `npm start`
// runs: the platform with its demo data on a temporary SQLite database and a production build of
// the shop served by `vite preview`, on free ports of 127.0.0.1.
//
// Each run is a cold load (a new browser context) under Lighthouse's mobile defaults: a 412×823
// viewport at 1.75×, CPU slowed 4×, 150 ms latency, 1.6 Mbps down and 750 kbps up. Measured:
// FCP and LCP (paint timeline), TBT (long tasks beyond 50 ms from FCP until the network and the
// main thread have been quiet for 5 s), CLS (largest session window of shifts without recent
// input) and the JavaScript transferred. Speed Index is not measured: it is approximated by FCP
// (marked `SI≈FCP`), which flatters pages that paint in steps. The score is Lighthouse 10's
// (bench/lighthouse-score.mjs) over the medians of RUNS runs.
//
// The baseline, in the same run: a static page with the same above-the-fold content (the hero's
// text and its first picture, from the same platform) served by a bare Node server; LCP and TBT
// are printed as ratios shop / baseline. Nothing is asserted. `npm run bench:storefront`.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { startThrowawayStack } from '../scripts/stack.mjs'
import { performanceScore } from './lighthouse-score.mjs'

const RUNS = Number(process.env.RUNS ?? 5)
/** Quiet for this long (no request in flight, no long task) ends a run, as Lighthouse's TTI. */
const QUIET_MS = 5_000
/** A run that never goes quiet stops here (its TBT then covers what happened until then). */
const RUN_LIMIT_MS = 45_000
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}
const THROTTLING = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

/** Watches the page's paint timeline from its first byte on (runs before the page's scripts). */
const OBSERVERS = `(() => {
  const perf = (window.__perf = { fcp: undefined, lcp: 0, shifts: [], longTasks: [] })
  const watch = (type, onEntry, buffered = true) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered })
    } catch {}
  }
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') perf.fcp = e.startTime })
  watch('largest-contentful-paint', (e) => { perf.lcp = e.startTime })
  const describe = (node) =>
    node && node.nodeType === 1
      ? node.tagName.toLowerCase() + (node.getAttribute('class') ? '.' + node.getAttribute('class').trim().split(/\\s+/).join('.') : '')
      : String(node && node.nodeName)
  watch('layout-shift', (e) => {
    if (!e.hadRecentInput)
      perf.shifts.push([e.startTime, e.value, (e.sources || []).map((s) => describe(s.node))])
  })
  watch('longtask', (e) => { perf.longTasks.push([e.startTime, e.duration]) })
})()`

/** Lighthouse's CLS: the largest session window (shifts < 1 s apart, window ≤ 5 s). */
function cumulativeLayoutShift(shifts) {
  let best = 0
  let current = 0
  let first = -Infinity
  let last = -Infinity
  for (const [time, value] of shifts) {
    if (time - last >= 1_000 || time - first >= 5_000) {
      first = time
      current = 0
    }
    current += value
    last = time
    best = Math.max(best, current)
  }
  return best
}

/** Blocking time: each long task's part over 50 ms, counted from FCP on. */
function totalBlockingTime(longTasks, fcp) {
  let total = 0
  for (const [start, duration] of longTasks) {
    const end = start + duration
    if (end <= fcp || duration <= 50) continue
    total += Math.max(0, end - Math.max(start, fcp) - 50)
  }
  return total
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** One cold, throttled load of `url`: its metrics. */
async function measure(browser, url) {
  const context = await browser.newContext(MOBILE)
  try {
    await context.addInitScript(OBSERVERS)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const inFlight = new Set()
    const scripts = new Set()
    let jsBytes = 0
    let lastNetwork = Date.now()
    const settle = ({ requestId }) => {
      inFlight.delete(requestId)
      lastNetwork = Date.now()
    }
    cdp.on('Network.requestWillBeSent', ({ requestId }) => {
      inFlight.add(requestId)
      lastNetwork = Date.now()
    })
    cdp.on('Network.responseReceived', ({ requestId, type }) => {
      if (type === 'Script') scripts.add(requestId)
    })
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength
      settle(event)
    })
    cdp.on('Network.loadingFailed', settle)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', THROTTLING)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

    const started = Date.now()
    await page.goto(url, { waitUntil: 'load', timeout: RUN_LIMIT_MS })
    let perf
    for (;;) {
      perf = await page.evaluate(() => {
        const p = globalThis.__perf
        const lastTask = p.longTasks.at(-1)
        const sinceTask = lastTask ? performance.now() - lastTask[0] - lastTask[1] : Infinity
        return { ...p, sinceTask }
      })
      const quiet =
        inFlight.size === 0 && Date.now() - lastNetwork >= QUIET_MS && perf.sinceTask >= QUIET_MS
      if (quiet || Date.now() - started > RUN_LIMIT_MS) break
      await sleep(250)
    }
    if (perf.fcp === undefined) throw new Error(`${url}: no first contentful paint`)
    return {
      fcp: perf.fcp,
      lcp: perf.lcp || perf.fcp,
      tbt: totalBlockingTime(perf.longTasks, perf.fcp),
      cls: cumulativeLayoutShift(perf.shifts),
      worstShift: perf.shifts.reduce(
        (worst, shift) => (shift[1] > worst[1] ? shift : worst),
        [0, 0, []],
      ),
      jsBytes,
      longTasks: perf.longTasks.length,
      quiet: Date.now() - started <= RUN_LIMIT_MS,
    }
  } finally {
    await context.close()
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** RUNS loads of `url`; the medians, with Lighthouse's score of them (SI approximated by FCP). */
async function measurePage(browser, name, url) {
  const runs = []
  for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url))
  const result = { name, runs: runs.length, unquiet: runs.filter((run) => !run.quiet).length }
  for (const key of ['fcp', 'lcp', 'tbt', 'cls', 'jsBytes', 'longTasks'])
    result[key] = median(runs.map((run) => run[key]))
  Object.assign(result, performanceScore({ ...result, si: result.fcp }))
  const worst = runs.map((run) => run.worstShift).sort((a, b) => b[1] - a[1])[0]
  result.worstShift =
    worst[1] > 0
      ? `${worst[1].toFixed(3)} at ${Math.round(worst[0])} ms: ${worst[2].join(', ')}`
      : ''
  return result
}

/** The first product link and the hero's first picture of the home page (no throttling). */
async function discover(browser, shopUrl) {
  const context = await browser.newContext(MOBILE)
  try {
    const page = await context.newPage()
    await page.goto(shopUrl)
    const product = page.locator('a[href^="/products/"]').first()
    await product.waitFor({ timeout: 30_000 })
    const hero = page.locator('.hero__art img').first()
    await hero.waitFor({ timeout: 30_000 })
    return {
      productUrl: new URL(await product.getAttribute('href'), shopUrl).href,
      heroImage: await hero.evaluate((img) => ({
        src: img.currentSrc || img.src,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
      heroText: {
        title: await page.locator('.hero__title').innerText(),
        lead: await page.locator('.hero__lead').innerText(),
      },
    }
  } finally {
    await context.close()
  }
}

const escape = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  )

/** The baseline: the hero, as one static HTML page with inline CSS and no JavaScript. */
function baselineHtml({ heroImage, heroText }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Vitrine</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f7f4ee; color: #1f1d1a }
.hero { padding: 2rem 1rem; display: grid; gap: 1.5rem }
h1 { font-size: 2.25rem; line-height: 1.1; margin: 0 } img { width: 100%; height: auto }
</style></head><body><main class="hero">
<div><h1>${escape(heroText.title)}</h1><p>${escape(heroText.lead)}</p></div>
<img src="${escape(heroImage.src)}" alt="" width="${escape(heroImage.width)}"
 height="${escape(heroImage.height)}" fetchpriority="high" />
</main></body></html>`
}

/** Serves `html` at / on a free port of 127.0.0.1. */
async function serveStatic(html) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
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

function printTable(results) {
  const ms = (value) => `${Math.round(value)} ms`
  const rows = [['page', 'FCP', 'LCP', 'TBT', 'CLS', 'SI≈FCP', 'score', 'JS KB', 'long tasks']]
  for (const r of results)
    rows.push([
      r.name,
      ms(r.fcp),
      ms(r.lcp),
      ms(r.tbt),
      r.cls.toFixed(3),
      ms(r.fcp),
      String(r.score),
      (r.jsBytes / 1024).toFixed(1),
      String(r.longTasks),
    ])
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padStart(column ? widths[column] : 0).padEnd(widths[column]))
        .join('  '),
    )
  for (const r of results) {
    const parts = Object.entries(r.scores).map(([metric, score]) => `${metric} ${score}`)
    const unquiet = r.unquiet ? `; ${r.unquiet} run(s) never went quiet` : ''
    console.log(
      `  ${r.name}: metric scores ${parts.join(', ')} (medians of ${r.runs} runs${unquiet})`,
    )
    if (r.worstShift) console.log(`    largest layout shift ${r.worstShift}`)
  }
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
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  cleanups.push(() => browser.close())

  const found = await discover(browser, stack.shopUrl)
  const baseline = await serveStatic(baselineHtml(found))
  cleanups.push(() => baseline.close())

  console.log(`${RUNS} cold runs per page, mobile throttling (4× CPU, 150 ms, 1.6 Mbps)…`)
  const results = []
  for (const [name, url] of [
    ['baseline', baseline.url],
    ['home', `${stack.shopUrl}/`],
    ['product', found.productUrl],
  ]) {
    results.push(await measurePage(browser, name, url))
    console.log(`  ${name} done`)
  }
  console.log()
  printTable(results)
  const [base, ...shop] = results
  console.log('\nratios shop / baseline (same machine, same run):')
  for (const r of shop)
    console.log(
      `  ${r.name.padEnd(8)} LCP ×${(r.lcp / base.lcp).toFixed(2)}   TBT ${base.tbt > 0 ? `×${(r.tbt / base.tbt).toFixed(2)}` : `${Math.round(r.tbt)} ms vs 0 ms`}`,
    )
} catch (error) {
  console.error(`bench:storefront: ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  await cleanUp()
}
