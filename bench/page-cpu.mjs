// CPU time per page of both processes of the stack `npm start` runs (the platform with its demo
// data on a temporary SQLite database, and a production build of the shop served by its own
// server, apps/storefront/server.mjs), on free ports of 127.0.0.1, in one run:
//
// - the framework's floor: `/healthz`, a route of the same build outside the shop's layout that
//   renders the root document with no loader of its own;
// - the home, catalog, product and cart pages (the cart with no cookie: a new visitor each time,
//   who has no cart, so the platform is asked only what the layout reads);
// - the platform's own product GET (one anonymous visitor's token), the baseline;
// - with the cache warm, the floor and the product page also uncompressed, as nginx asks the shop
//   for them in the production shape (deploy/nginx.conf compresses itself).
//
// Each is loaded with autocannon (browsers' `accept-encoding`) at 10 and at 50 connections: 2 s
// of warm-up, then a window of DURATION seconds (default 5) over which each server's CPU time is
// read from /proc (every thread's on-CPU ns in /proc/<pid>/task/*/schedstat — compression and
// GC run off the main thread — or utime + stime of /proc/<pid>/stat), divided by the pages of the
// expected status answered in that window; pages/s and p99 latency are those of the window. The
// load generator shares the machine's cores with both servers. Nothing is asserted. Two stacks in
// turn: the shop's sub-request cache warm (its default lifetime, or `STOREFRONT_CACHE_SECONDS` as
// set), then off (`0`: every catalog read a miss, asked of the platform).
// `npm run bench:pages` (`--no-build`: use the last build of the packages).
import autocannon from 'autocannon'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startThrowawayStack } from '../scripts/stack.mjs'
import { productGet } from './product-get.mjs'

const DURATION = Number(process.env.DURATION ?? 5)
const WARMUP = 2
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' }
const PRODUCT = 'everyday-organic-tee'
const PAGES = ['/', '/shop', `/products/${PRODUCT}`, '/cart']

const schedstat = existsSync('/proc/self/schedstat')
const tickNs = 1e9 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
/** The CPU time `pid` has used, in ns: all its threads. */
function cpuNs(pid) {
  if (schedstat)
    return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        return (
          sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
        )
      } catch {
        return sum // a thread that ended meanwhile
      }
    }, 0)
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // fields 3 onwards
  return (Number(fields[11]) + Number(fields[12])) * tickNs
}

/**
 * Loads `url` at `connections` for WARMUP + DURATION s; over the last DURATION s: pages of status
 * `expect` per second, their p99 latency, other answers and errors, each server's CPU ms per page.
 */
async function measure(url, connections, pids, { expect = 200, headers = {} } = {}) {
  let window = false
  const latencies = []
  let others = 0
  let errors = 0
  const instance = autocannon(
    { url, connections, duration: WARMUP + DURATION + 1, headers: { ...HEADERS, ...headers } },
    () => {},
  )
  const finished = new Promise((resolve) => instance.once('done', resolve))
  instance.on('response', (_client, status, _bytes, time) => {
    if (!window) return
    if (status === expect) latencies.push(time)
    else others++
  })
  instance.on('reqError', () => window && errors++)
  const read = () => ({
    at: performance.now(),
    shop: cpuNs(pids.shop),
    platform: cpuNs(pids.platform),
  })
  const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000))
  await sleep(WARMUP)
  const start = read()
  window = true
  await sleep(DURATION)
  window = false
  const end = read()
  instance.stop()
  await finished
  const pages = latencies.length
  latencies.sort((a, b) => a - b)
  return {
    rps: pages / ((end.at - start.at) / 1000),
    p99: latencies[Math.min(pages - 1, Math.floor(pages * 0.99))],
    others,
    errors,
    shopMs: (end.shop - start.shop) / 1e6 / pages,
    platformMs: (end.platform - start.platform) / 1e6 / pages,
  }
}

/**
 * The rows of one stack: `cacheSeconds` as the shop's STOREFRONT_CACHE_SECONDS (`'0'`: no
 * sub-request cache, every catalog read asks the platform: a miss each time).
 */
async function measureStack(label, cacheSeconds, build, behindNginx = false) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-bench-pages-'))
  let stack
  try {
    stack = await startThrowawayStack({
      dir,
      packages: build ? 'platform' : 'none',
      env: cacheSeconds === undefined ? {} : { STOREFRONT_CACHE_SECONDS: cacheSeconds },
    })
    const product = await productGet(stack.platformUrl, PRODUCT)
    const pages = (suffix, headers) => [
      { name: `/healthz (floor${suffix})`, path: '/healthz', headers, floor: suffix },
      ...PAGES.map((path) => ({ name: `${path}${suffix}`, path, headers, of: suffix })),
    ]
    const targets = [
      { name: 'platform product GET', url: product.url, headers: product.headers },
      ...pages('', {}),
      // As nginx asks for them in the production shape (deploy/nginx.conf), which compresses
      // itself: the floor and the product page.
      ...(behindNginx
        ? pages(', uncompressed', { 'accept-encoding': 'identity' }).filter(
            ({ path }) => path === '/healthz' || path === `/products/${PRODUCT}`,
          )
        : []),
    ]
    const rows = []
    const floorMs = {}
    for (const target of targets)
      for (const connections of [10, 50]) {
        const url = target.url ?? stack.shopUrl + target.path
        const r = await measure(url, connections, stack.pids, { headers: target.headers })
        if (target.floor !== undefined) floorMs[connections + target.floor] = r.shopMs
        const floor = floorMs[connections + (target.floor ?? target.of)]
        const failed = r.others + r.errors
        rows.push([
          label,
          target.name,
          String(connections),
          r.rps.toFixed(0),
          String(Math.round(r.p99)),
          r.shopMs.toFixed(2),
          r.platformMs.toFixed(2),
          floor ? `×${(r.shopMs / floor).toFixed(2)}` : '—',
          failed ? `${r.others} other, ${r.errors} errors` : '',
        ])
        process.stdout.write('.')
      }
    return rows
  } finally {
    await stack?.stop().catch(() => {})
    await rm(dir, { recursive: true, force: true })
  }
}

try {
  console.log('building the shop (and the platform unless --no-build), starting the stack…')
  console.log(`CPU time from ${schedstat ? '/proc/<pid>/task/*/schedstat' : '/proc/<pid>/stat'}`)
  console.log(`${WARMUP} s warm-up + ${DURATION} s measured per row…`)
  const warm = process.env.STOREFRONT_CACHE_SECONDS
  const rows = [
    ...(await measureStack(
      `warm (${warm ?? 'default'})`,
      warm,
      !process.argv.includes('--no-build'),
      true,
    )),
    ...(await measureStack('miss (0)', '0', false)),
  ]
  console.log('\n')
  const head = [
    'sub-request cache',
    'page',
    'conn',
    'pages/s',
    'p99 ms',
    'shop CPU ms/page',
    'platform CPU ms/page',
    'shop CPU / floor',
    'not counted',
  ]
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => ' --- ').join('|')}|`)
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
} catch (error) {
  console.error(`bench:pages: ${error.stack ?? error}`)
  process.exitCode = 1
}
