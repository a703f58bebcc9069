import {
  cookieTokenStorage,
  createClient,
  currentCart,
  isApiError,
  OAuthStrategy,
  products,
  STORES_APP_ID,
} from '@vitrine/client'
import { describe, expect, it } from 'vitest'
import { fetchFrom } from '../../../packages/platform/src/test-support/remote-address.js'
import { inBatches } from './batches'
import { cookiePair, postForm } from './shopper-http'
import { stack } from './support'

/*
 * A crowd through one shop server. The platform limits new visitors per client address (120 a
 * minute, the stack's default); the shop's server makes a new shopper's first calls for them, so
 * it tells the platform whose they are (X-Forwarded-For), and the platform trusts the shop's
 * server (development mode: the loopback address). These tests on 127.0.0.1 stand for the proxy in
 * front of the shop (the stack trusts it: STOREFRONT_TRUSTED_PROXIES=127.0.0.1), naming a distinct
 * shopper each time; from 127.0.0.2, which no one trusts, the same header is a forgery.
 */

const SHOPPERS = 200
/** New visitors the platform makes per client address a minute (VITRINE_VISITORS_PER_MINUTE). */
const VISITORS_PER_MINUTE = 120
/** A product without options, so that its form needs a quantity only. */
const PRODUCT = 'dot-grid-notebook'
/** Requests in flight at once: a rush, bounded. */
const CONCURRENCY = 10

/** Runs `task(0)` … `task(count - 1)`, `CONCURRENCY` at a time; their results, and the time taken. */
async function rush<T>(count: number, task: (i: number) => Promise<T>) {
  const started = Date.now()
  const results = await inBatches(count, CONCURRENCY, task)
  return { results, minutes: Math.max(1, Math.ceil((Date.now() - started) / 60_000)) }
}

/** The `i`-th shopper's address: distinct for every test of the run. */
const address = (block: number, i: number) => `10.${block}.${Math.floor(i / 250)}.${i % 250}`

/** A new shopper's add-to-cart form, posted without JavaScript from `peer`, saying `forwarded`. */
async function addWithoutScript(peer: string, forwarded: string) {
  const answer = await postForm(`/products/${PRODUCT}`, { quantity: '1' }, { peer, forwarded })
  const location = answer.headers.get('location')
  return {
    status: answer.status,
    location,
    cookie: cookiePair(answer.headers.get('set-cookie')),
    answer,
  }
}

/** The lines of the cart of the tokens in `cookie` (the shop's `vitrine-tokens=…`). */
async function cartLinesOf(cookie: string): Promise<number> {
  const tokens = cookieTokenStorage({ cookie }).get()
  const client = createClient({
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: 'demo-storefront', tokens }),
    baseUrl: stack().platformUrl,
  })
  return (await client.currentCart.getCurrentCart()).lineItems.length
}

/** A visitor of the browser's client adding the product, its calls leaving from `peer`. */
async function addWithClient(peer: string, forwarded: string, productId: string) {
  const client = createClient({
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: 'demo-storefront' }),
    baseUrl: stack().platformUrl,
    headers: { 'X-Forwarded-For': forwarded },
    retry: { limit: 0 },
    fetch: (url, init) =>
      fetchFrom(peer, String(url), {
        method: init?.method,
        headers: init?.headers as Record<string, string>,
        body: init?.body as string | undefined,
      }),
  })
  try {
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ],
    })
    return cart?.lineItems.length ?? 0
  } catch (error) {
    if (isApiError(error) && error.status === 429) return 'limited'
    throw error
  }
}

/** The id of {@link PRODUCT}, from the platform. */
async function productId(): Promise<string> {
  const client = createClient({
    modules: { products },
    auth: OAuthStrategy({ clientId: 'demo-storefront' }),
    baseUrl: stack().platformUrl,
  })
  const { items } = await client.products.queryProducts().eq('slug', PRODUCT).find()
  return items[0]!.id!
}

describe('a crowd through one shop server', () => {
  it(`gives each of ${SHOPPERS} new shoppers without JavaScript a cart, behind a trusted proxy`, async () => {
    const { results } = await rush(SHOPPERS, (i) => addWithoutScript('127.0.0.1', address(1, i)))
    expect(results.map(({ status, location }) => `${status} ${location}`)).toEqual(
      Array(SHOPPERS).fill('303 /cart'),
    )
    const lines = await rush(SHOPPERS, (i) => cartLinesOf(results[i]!.cookie))
    expect(lines.results).toEqual(Array(SHOPPERS).fill(1))
  })

  it('still limits one address that forges X-Forwarded-For to the shop', async () => {
    const { results, minutes } = await rush(SHOPPERS, (i) =>
      addWithoutScript('127.0.0.2', address(2, i)),
    )
    const carts = results.filter(({ status }) => status === 303)
    const refused = results.filter(({ status }) => status === 429)
    expect(carts.length + refused.length).toBe(SHOPPERS)
    expect(carts.length).toBeLessThanOrEqual(VISITORS_PER_MINUTE * minutes)
    expect(refused.length).toBeGreaterThan(0)
    // The shopper reads why, on the product's page.
    expect(await refused[0]!.answer.text()).toContain('Too many attempts')
  })

  it(`gives each of ${SHOPPERS} visitors of the browser's client a cart, behind a trusted proxy`, async () => {
    const id = await productId()
    const { results } = await rush(SHOPPERS, (i) => addWithClient('127.0.0.1', address(3, i), id))
    expect(results).toEqual(Array(SHOPPERS).fill(1))
  })

  it("still limits one address that forges X-Forwarded-For to the browser's client", async () => {
    const id = await productId()
    const { results, minutes } = await rush(SHOPPERS, (i) =>
      addWithClient('127.0.0.2', address(4, i), id),
    )
    const carts = results.filter((result) => result === 1)
    const limited = results.filter((result) => result === 'limited')
    expect(carts.length + limited.length).toBe(SHOPPERS)
    expect(carts.length).toBeLessThanOrEqual(VISITORS_PER_MINUTE * minutes)
    expect(limited.length).toBeGreaterThan(0)
  })
})
