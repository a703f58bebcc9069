import {
  ApiKeyStrategy,
  catalogWriter,
  cookieTokenStorage,
  createClient,
  currentCart,
  isApiError,
  OAuthStrategy,
  products,
  STORES_APP_ID,
  type Tokens,
} from '@vitrine/client'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchFrom } from '../../../packages/platform/src/test-support/remote-address'
import { startDeployment, type Deployment } from '../../../scripts/deployment.mjs'
import { inBatches } from '../e2e/batches'
import { cookiePair } from '../e2e/shopper-http'

/*
 * The production shape under load (scripts/deployment.mjs): nginx with deploy/nginx.conf in front
 * of two shop servers and two platform instances on one PostgreSQL. The test stands for the
 * internet: each shopper's requests leave from an address of their own (127.x.y.z, every one of
 * which is this machine); nginx, the shop's servers and the platforms all run on 127.0.0.1, the
 * only address they trust as a proxy. Figures (shoppers served, retries, cache hits) are printed,
 * never asserted as timings.
 */

/** The longest a catalog change takes to show on the shop's pages (the shop's setting). */
const CACHE_SECONDS = 8
const SHOPPERS = 300
/** Every third shopper uses the browser's client (the platform's API through nginx). */
const isClientShopper = (i: number) => i % 3 === 2
/** A new shopper arrives every PACE_MS (300 in 45 s), at most MAX_IN_FLIGHT of them at once. */
const PACE_MS = 150
const MAX_IN_FLIGHT = 24
/** The kill -9 of one shop server and one platform instance happens when this shopper arrives. */
const KILL_AT = 100
/** No request waits longer than this (a shopper gives up); the whole rush ends within RUSH_MS. */
const REQUEST_TIMEOUT_MS = 20_000
/**
 * How long a shopper whose add failed (the instance behind was killed mid-request) waits before
 * trying again, as a person does who reads the error first: an immediate second try can land in
 * the same moment, on a connection nginx still keeps to the killed instance.
 */
const RETRY_PAUSE_MS = 1_000
const RUSH_MS = 150_000
/** A product without options: its form needs a quantity only. */
const NOTEBOOK = { slug: 'dot-grid-notebook', name: 'Dot-Grid Notebook' }
const EBOOK = { slug: 'home-styling-guide', name: 'Home Styling Guide (e-book)' }
/** The product whose price the merchant changes. */
const PRINTS = { slug: 'printable-wall-art', newPrice: 13.57, shown: '$13.57' }
/** A console call: the platform's product query, through the shop's key-holding proxy. */
const CONSOLE_QUERY = '/admin/api/stores-reader/v1/products/query-platformized'

let deployment: Deployment
/** What the servers printed that is worth reading: errors, warnings, exits. */
const serverLines: string[] = []

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-deployment-test-'))
  deployment = await startDeployment({
    dir,
    env: { STOREFRONT_CACHE_SECONDS: String(CACHE_SECONDS) },
    log: (line) => {
      const json = /^[\w-]+: (\{.*)$/.exec(line)?.[1]
      const level = json ? (JSON.parse(json) as { level?: number }).level : undefined
      if (
        level !== undefined ? level >= 50 : /error|exited|\[(warn|crit|alert|emerg)\]/i.test(line)
      )
        serverLines.push(line.slice(0, 400))
    },
  })
})

afterAll(async () => {
  if (!deployment) return
  // nginx's own account of the run: what it answered, how often from its cache, and what it
  // met behind it (refused connections of the killed instances; `no live upstreams` would mean
  // it had none left to send to).
  const read = (file: string) => readFile(join(deployment.nginxDir, file), 'utf8').catch(() => '')
  const tally = (text: string, pattern: RegExp) => {
    const counts: Record<string, number> = {}
    for (const match of text.matchAll(pattern)) counts[match[1]!] = (counts[match[1]!] ?? 0) + 1
    return counts
  }
  const [access, errors] = [await read('access.log'), await read('error.log')]
  console.log(
    'nginx, whole run:',
    JSON.stringify({
      statuses: tally(access, /" (\d{3}) \d+ upstream=/g),
      cache: tally(access, /cache=(\w+|-)/g),
      errors: tally(errors, /\[error\] [^*]*\*\d+ (.+?) while/g),
    }),
  )
  if (serverLines.length)
    console.log(`the servers said (${serverLines.length}):\n${serverLines.slice(0, 15).join('\n')}`)
  await deployment.stop()
})

/** The `i`-th address of `block`: 127.block.x.y, never 127.0.0.1 (the servers' own, trusted). */
const address = (block: number, i: number) => `127.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`

/** An answer read whole. */
interface Answer {
  status: number
  headers: Headers
  text: string
}

/**
 * A request from `peer` (a new connection each time, as from another machine), at most
 * REQUEST_TIMEOUT_MS; `form`: posted as a form without JavaScript. Rejects on a network failure.
 */
async function send(
  peer: string,
  url: string,
  init: {
    method?: string
    headers?: Record<string, string>
    body?: string
    form?: Record<string, string>
  } = {},
): Promise<Answer> {
  const body = init.form ? new URLSearchParams(init.form).toString() : init.body
  const headers = {
    ...(init.form && { 'content-type': 'application/x-www-form-urlencoded' }),
    ...init.headers,
  }
  const answer = await fetchFrom(peer, url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body,
    timeout: REQUEST_TIMEOUT_MS,
  })
  return { status: answer.status, headers: answer.headers, text: await answer.text() }
}

/** A page of the shop through nginx, from `peer`, with the shopper's `cookie` if any. */
const page = (peer: string, path: string, cookie = '') =>
  send(peer, `${deployment.shopUrl}${path}`, { headers: cookie ? { cookie } : {} })

/** The shop's tokens cookie holding `tokens`, as the browser's client would keep them. */
function tokensCookie(tokens: Tokens): string {
  let setCookie = ''
  cookieTokenStorage({ onChange: (value) => (setCookie = value) }).set(tokens)
  return cookiePair(setCookie)
}

/** The names of the cart's lines on a cart page. */
const cartLines = (html: string) =>
  [...html.matchAll(/class="cart-line__name"[^>]*>([^<]*)</g)].map((match) => match[1]!)

/** A page's markup outside its scripts (the scripts carry the data's fetch times). */
const markup = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script/>')

/**
 * A page's markup as a sorted list of its tags and texts: the parts streamed after the page
 * arrive in any order (and are numbered in that order), so only what is there is compared.
 */
const contents = (html: string) =>
  markup(html)
    .split(/(?=<)/)
    .map((part) => part.replace(/\bid="([SB]):\d+"/, 'id="$1:"'))
    .sort()

/** What nginx said of its cache (`X-Cache-Status`); `-` when it said nothing. */
const cacheStatus = (answer: Answer) => answer.headers.get('x-cache-status') ?? '-'

/** Statuses in which nginx answered from its cache. */
const FROM_CACHE = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED']

/** A new shopper without JavaScript adds `product` from its page's form: the cart's cookie. */
async function addWithoutScript(peer: string, slug: string, cookie = '') {
  const added = await send(peer, `${deployment.shopUrl}/products/${slug}`, {
    form: { quantity: '1' },
    headers: cookie ? { cookie } : {},
  })
  return { added, cookie: cookiePair(added.headers.get('set-cookie')) || cookie }
}

/** Signs the merchant console in on the shop server at `url` (its own address, not nginx's). */
async function signIntoConsole(url: string) {
  const answer = await send(address(11, 0), `${url}/admin/session`, {
    form: { adminKey: deployment.adminKey },
    // The console's page is on the shop's public address: nginx's.
    headers: { origin: deployment.shopUrl },
  })
  expect(answer.status, answer.text).toBe(200)
  const { token } = JSON.parse(answer.text) as { token: string }
  return { token, cookie: cookiePair(answer.headers.get('set-cookie')) }
}

/** The console's product query with `session`, on the server at `url`: its status. */
async function consoleQuery(url: string, session: { token: string; cookie: string }) {
  const answer = await send(address(11, 0), `${url}${CONSOLE_QUERY}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      authorization: session.token,
    },
    body: JSON.stringify({ query: { paging: { limit: 1 } } }),
  })
  if (answer.status !== 200) return answer.status
  return (JSON.parse(answer.text) as { products: unknown[] }).products.length === 1 ? 200 : 0
}

/** Restarts every instance that is not running (after a test that killed some). */
async function restartKilled() {
  const { shops, platforms } = deployment.instances
  await Promise.all(
    [...shops, ...platforms].filter((server) => !server.running).map((server) => server.restart()),
  )
}

describe('the production shape: nginx, two shop servers, two platforms, one PostgreSQL', () => {
  it('keeps the catalog pages in nginx for everyone, and never serves one shopper’s page to another', async () => {
    // Two shoppers with different carts.
    const x = await addWithoutScript(address(10, 1), NOTEBOOK.slug)
    const y = await addWithoutScript(address(10, 2), EBOOK.slug)
    for (const { added } of [x, y]) {
      expect(added.status, added.text.slice(0, 300)).toBe(303)
      expect(added.headers.get('location')).toBe('/cart')
    }

    // A catalog page asked twice in a row: the second comes from nginx's cache (a few tries,
    // in case the first copy expired in between on a slow machine).
    const seen: string[] = []
    for (let attempt = 0; attempt < 5 && !seen.includes('HIT'); attempt++) {
      const first = await page(address(10, 3), `/products/${NOTEBOOK.slug}`)
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toMatch(/^public\b.*\bs-maxage=\d+/)
      seen.push(cacheStatus(await page(address(10, 4), `/products/${NOTEBOOK.slug}`)))
    }
    expect(seen).toContain('HIT')

    const tokens = [x.cookie, y.cookie].map((cookie) => cookieTokenStorage({ cookie }).get()!)
    for (let round = 0; round < 10; round++) {
      const [cartX, cartY, catalogX, catalogY, home] = await Promise.all([
        page(address(10, 1), '/cart', x.cookie),
        page(address(10, 2), '/cart', y.cookie),
        page(address(10, 1), `/products/${NOTEBOOK.slug}`, x.cookie),
        page(address(10, 2), `/products/${NOTEBOOK.slug}`, y.cookie),
        page(address(10, 1), '/', x.cookie),
      ])
      // Each sees their own cart, never from the cache.
      expect(cartLines(cartX.text)).toEqual([NOTEBOOK.name])
      expect(cartLines(cartY.text)).toEqual([EBOOK.name])
      for (const cart of [cartX, cartY]) {
        expect(cart.headers.get('cache-control')).toBe('private, no-store')
        expect(FROM_CACHE).not.toContain(cacheStatus(cart))
      }
      // The catalog pages (from the cache or not) carry nothing of either shopper.
      for (const catalog of [catalogX, catalogY, home]) {
        expect(catalog.status).toBe(200)
        expect(cartLines(catalog.text)).toEqual([])
        for (const own of tokens) {
          expect(catalog.text).not.toContain(own.accessToken.value)
          expect(catalog.text).not.toContain(own.refreshToken.value)
        }
        expect(catalog.headers.get('set-cookie')).toBeNull()
      }
    }

    // Straight from one shop server (no cache in between): a catalog page is the same with a
    // shopper's cookie as without, apart from its scripts' data (fetch times) and the order in
    // which its streamed parts came.
    const shop = deployment.instances.shops[0]!.url
    for (const path of ['/', '/shop', `/products/${NOTEBOOK.slug}`, '/login']) {
      const anonymous = await send(address(10, 5), `${shop}${path}`)
      const withCart = await send(address(10, 1), `${shop}${path}`, {
        headers: { cookie: x.cookie },
      })
      expect(contents(withCart.text), path).toEqual(contents(anonymous.text))
      expect(withCart.headers.get('set-cookie'), path).toBeNull()
    }
  })

  it('keeps the merchant signed in across shop servers, a kill -9 and a restart', async () => {
    const a = deployment.instances.shops[0]!
    const b = deployment.instances.shops[1]!
    try {
      const session = await signIntoConsole(a.url)
      expect(await consoleQuery(a.url, session)).toBe(200)
      expect.soft(await consoleQuery(b.url, session), 'signed in on A, used on B').toBe(200)
      await a.kill('SIGKILL')
      expect.soft(await consoleQuery(b.url, session), 'on B, A killed').toBe(200)
      expect
        .soft(await consoleQuery(deployment.shopUrl, session), 'through nginx, A killed')
        .toBe(200)
      await a.restart()
      expect.soft(await consoleQuery(a.url, session), 'on A, restarted').toBe(200)
    } finally {
      await restartKilled()
    }
  })

  /** The console session opened before the rush, checked after it. */
  let sessionBeforeRush: { token: string; cookie: string } | undefined

  it(`serves ${SHOPPERS} new shoppers in a minute while a shop server and a platform are killed (-9), losing no cart`, async () => {
    const { shops, platforms } = deployment.instances
    sessionBeforeRush = await signIntoConsole(shops[0]!.url)
    const merchant = createClient({
      modules: { products },
      auth: ApiKeyStrategy({ apiKey: deployment.adminKey }),
      baseUrl: deployment.platformUrl,
    })
    const { items } = await merchant.products.queryProducts().eq('slug', NOTEBOOK.slug).find()
    const notebookId = items[0]!.id!

    const figures = {
      served: 0,
      retried: 0,
      gaveUp: 0,
      limited: 0,
      firstFailures: {} as Record<string, number>,
      cache: {} as Record<string, number>,
      cartRightAway: 0,
    }
    const failed = (why: string) => {
      figures.retried++
      figures.firstFailures[why] = (figures.firstFailures[why] ?? 0) + 1
      if (why === '429') figures.limited++
    }
    const look = async (peer: string, path: string) => {
      const answer = await page(peer, path).catch(() => undefined)
      const status = answer ? cacheStatus(answer) : 'failed'
      figures.cache[status] = (figures.cache[status] ?? 0) + 1
    }

    /** A shopper without JavaScript: the product's page, its form, then the cart (PRG). */
    const withoutScript = async (peer: string): Promise<string | undefined> => {
      await look(peer, `/products/${NOTEBOOK.slug}`)
      let cookie = ''
      for (let attempt = 0; attempt < 2; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS))
        try {
          const result = await addWithoutScript(peer, NOTEBOOK.slug, cookie)
          cookie = result.cookie
          if (result.added.status === 303 && result.added.headers.get('location') === '/cart') {
            const cart = await page(peer, '/cart', cookie).catch(() => undefined)
            if (cart && cartLines(cart.text).includes(NOTEBOOK.name)) figures.cartRightAway++
            return cookie
          }
          failed(String(result.added.status))
        } catch (error) {
          failed((error as Error).message)
        }
      }
      return undefined
    }

    /** A shopper of the browser's client: the home page, then the platform's API through nginx. */
    const withClient = async (peer: string): Promise<string | undefined> => {
      await look(peer, '/')
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      const client = createClient({
        modules: { currentCart },
        auth,
        baseUrl: deployment.platformUrl,
        retry: { limit: 0 },
        fetch: async (url, init) => {
          const answer = await send(peer, String(url), {
            method: init?.method,
            headers: Object.fromEntries(new Headers(init?.headers).entries()),
            body: init?.body as string | undefined,
          })
          return new Response(answer.status === 204 ? null : answer.text, {
            status: answer.status,
            headers: answer.headers,
          })
        },
      })
      for (let attempt = 0; attempt < 2; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS))
        try {
          const { cart } = await client.currentCart.addToCurrentCart({
            lineItems: [
              {
                quantity: 1,
                catalogReference: { catalogItemId: notebookId, appId: STORES_APP_ID },
              },
            ],
          })
          if (cart?.lineItems.length) {
            figures.cartRightAway++
            return tokensCookie(auth.getTokens())
          }
          failed('no line')
        } catch (error) {
          failed(isApiError(error) ? String(error.status) : (error as Error).message)
        }
      }
      return undefined
    }

    const started = Date.now()
    const deadline = started + RUSH_MS
    const carts: Promise<string | undefined>[] = []
    let inFlight = 0
    let killed: Promise<unknown> | undefined
    let killedAfterMs = 0
    try {
      for (let i = 0; i < SHOPPERS && Date.now() < deadline; i++) {
        const due = started + i * PACE_MS
        while ((Date.now() < due || inFlight >= MAX_IN_FLIGHT) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20))
        if (i === KILL_AT) {
          killedAfterMs = Date.now() - started
          killed = Promise.all([shops[0]!.kill('SIGKILL'), platforms[0]!.kill('SIGKILL')])
        }
        const peer = address(20, i)
        inFlight++
        carts.push(
          (isClientShopper(i) ? withClient(peer) : withoutScript(peer)).finally(() => inFlight--),
        )
      }
      const cookies = await Promise.all(carts)
      const rushMs = Date.now() - started
      await killed
      figures.served = cookies.filter(Boolean).length
      figures.gaveUp = SHOPPERS - figures.served

      // Every cart made is still there: the cart page through nginx, from the shopper's address.
      const lost: number[] = []
      await inBatches(cookies.length, 10, async (i) => {
        const cookie = cookies[i]
        if (!cookie) return
        const cart = await page(address(20, i), '/cart', cookie).catch(() => undefined)
        if (!cart || !cartLines(cart.text).includes(NOTEBOOK.name)) lost.push(i)
      })
      console.log(
        'rush:',
        JSON.stringify({
          shoppers: SHOPPERS,
          withoutScript: SHOPPERS - Math.floor(SHOPPERS / 3),
          withClient: Math.floor(SHOPPERS / 3),
          rushSeconds: rushMs / 1000,
          killedAfterSeconds: killedAfterMs / 1000,
          ...figures,
          lost: lost.length,
        }),
      )
      expect(figures.limited, 'refused by a per-address limit').toBe(0)
      expect(figures.served, 'shoppers with a cart (one retry each at most)').toBe(SHOPPERS)
      expect(lost, 'carts lost').toEqual([])
    } finally {
      await Promise.allSettled(carts)
      await killed
      await restartKilled()
    }
  })

  it('keeps the console session opened before the rush, through each shop server', async () => {
    expect(sessionBeforeRush).toBeDefined()
    const session = sessionBeforeRush!
    for (const shop of deployment.instances.shops)
      expect.soft(await consoleQuery(shop.url, session), shop.name).toBe(200)
    expect.soft(await consoleQuery(deployment.shopUrl, session), 'through nginx').toBe(200)
  })

  it(`shows a price change through nginx's cache within the shop's STOREFRONT_CACHE_SECONDS (${CACHE_SECONDS} s)`, async () => {
    const path = `/products/${PRINTS.slug}`
    const merchant = createClient({
      modules: { products, catalogWriter },
      auth: ApiKeyStrategy({ apiKey: deployment.adminKey }),
      baseUrl: deployment.platformUrl,
    })
    const { items } = await merchant.products.queryProducts().eq('slug', PRINTS.slug).find()
    const id = items[0]!.id!

    // nginx keeps the page: the second of two GETs in a row is a hit.
    const seen: string[] = []
    for (let attempt = 0; attempt < 5 && !seen.includes('HIT'); attempt++) {
      const first = await page(address(30, 1), path)
      expect(first.status).toBe(200)
      expect(markup(first.text)).not.toContain(PRINTS.shown)
      seen.push(cacheStatus(await page(address(30, 2), path)))
    }
    expect(seen).toContain('HIT')

    await merchant.catalogWriter.updateProduct(id, { priceData: { price: PRINTS.newPrice } })
    const changed = Date.now()
    const statuses: string[] = []
    let shownAfterMs: number | undefined
    // Polled every 500 ms, for at most three times the promise.
    while (Date.now() - changed < 3 * CACHE_SECONDS * 1000) {
      const answer = await page(address(30, 3), path)
      statuses.push(`${answer.status} ${cacheStatus(answer)}`)
      if (markup(answer.text).includes(PRINTS.shown)) {
        shownAfterMs = Date.now() - changed
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    console.log(
      'price change:',
      JSON.stringify({
        cacheSeconds: CACHE_SECONDS,
        shownAfterSeconds: shownAfterMs === undefined ? 'not within 3x' : shownAfterMs / 1000,
        polls: statuses.length,
        statuses: [...new Set(statuses)],
      }),
    )
    expect(shownAfterMs, `${PRINTS.shown} shown through nginx`).toBeDefined()
  })
})
