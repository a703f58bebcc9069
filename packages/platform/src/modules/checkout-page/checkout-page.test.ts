import { ApiKeyStrategy, OAuthStrategy, type RedirectSessionOptions } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hiddenValue, TestBrowser } from '../../test-support/browser.js'
import { catalogClient } from '../../test-support/catalog.js'
import {
  NEW_YORK as ADDRESS,
  startVisitorCheckout,
  storesLine,
  visitorClient,
} from '../../test-support/cart.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { rejection } from '../../test-support/rejection.js'
import {
  insertProduct,
  insertShippingRule,
  insertTaxRule,
  withOption,
} from '../../test-support/catalog-fixtures.js'
import { refreshProductDocuments } from '../catalog/index.js'
import { FIRST_ORDER_NUMBER, type OrderData } from '../orders/index.js'

/*
 * The hosted checkout page through real HTTP (cookies kept by hand), from a checkout and redirect
 * session made by the real client: items and totals, shipping and tax for an address, declined
 * and approved test payments, the order, the emptied cart, the thank-you redirect, and what is
 * refused (second order, off-list return URL, missing CSRF, foreign or unknown checkout).
 */

const STOREFRONT = 'http://localhost:5173'
const THANKS = `${STOREFRONT}/thank-you`
/** The checkout form's contact and address fields for the tests' buyer. */
const NEW_YORK = { email: 'ann@example.com', ...ADDRESS }
const APPROVED = '4242 4242 4242 4242'

describe.each(DIALECTS)('hosted checkout page on %s', (dialect) => {
  let platform: TestPlatform
  let mug: string
  let shirt: string
  const db = () => platform.app.platform.db.kysely
  /** A visitor's cart (2 mugs, 1 shirt in M), its checkout, and a redirect session to the page. */
  const startCheckout = (
    callbacks: RedirectSessionOptions['callbacks'] = {
      thankYouPageUrl: THANKS,
      cartPageUrl: `${STOREFRONT}/cart`,
    },
  ) =>
    startVisitorCheckout(
      platform.baseUrl,
      [storesLine(2, mug), storesLine(1, shirt, { Size: 'M' })],
      callbacks,
    )

  /** Opens the page at `url` in a new cookie-keeping browser. */
  const open = async (url: string, browser = new TestBrowser()) => {
    const response = await browser.fetch(url)
    return { browser, response, html: await response.text() }
  }

  /** Posts the form of page `html` with `fields` (its CSRF token and shown total included). */
  const submit = (
    browser: TestBrowser,
    url: string,
    html: string,
    fields: Record<string, string>,
  ) =>
    browser.post(url, {
      csrf: hiddenValue(html, 'csrf'),
      total: hiddenValue(html, 'total'),
      ...fields,
    })

  /**
   * Re-prices page `html` for `fields` as its form does: the post redirects (303) to the page,
   * which shows the entries again. The HTML of that page.
   */
  const reprice = async (
    browser: TestBrowser,
    url: string,
    html: string,
    fields: Record<string, string>,
  ) => {
    const posted = await submit(browser, url, html, { ...fields, action: 'update' })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('cache-control')).toBe('no-store')
    const page = await browser.fetch(new URL(posted.headers.get('location')!, url).href)
    expect(page.status).toBe(200)
    return page.text()
  }

  /** Opens the page at `url` and prices it for New York (with `fields`): its browser and HTML. */
  const openPriced = async (url: string, fields: Record<string, string> = {}) => {
    const page = await open(url)
    const html = await reprice(page.browser, url, page.html, { ...NEW_YORK, ...fields })
    return { browser: page.browser, html }
  }

  /** Places the order from page `html` with an approved card, standard shipping and `fields`. */
  const place = (
    browser: TestBrowser,
    url: string,
    html: string,
    fields: Record<string, string> = {},
  ) =>
    submit(browser, url, html, {
      ...NEW_YORK,
      shipping: 'standard',
      card: APPROVED,
      ...fields,
      action: 'place',
    })

  /** The page's totals, `{Subtotal: '$44.00', …}`. */
  const totals = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map((m) => [m[1], m[2]]),
    )
  /** The shipping radios, `[{code, price, checked}]`. */
  const shippingOptions = (html: string) =>
    [
      ...html.matchAll(/name="shipping" value="([^"]+)"([^>]*)>.*?<span class="price">([^<]+)</g),
    ].map((m) => ({ code: m[1], price: m[3], checked: m[2]!.includes('checked') }))
  const ordersOf = (checkoutId: string) =>
    db().selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).execute()

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    mug = (
      await insertProduct(db(), {
        name: 'Stoneware Mug',
        price: 12,
        media: {
          mainMedia: { image: { url: 'https://images.example/mug.png', width: 400, height: 400 } },
        },
      })
    ).id
    shirt = (
      await insertProduct(db(), {
        name: 'Linen Shirt',
        price: 20,
        ...withOption('Size', ['S', 'M']),
      })
    ).id
    await insertShippingRule(db(), {
      code: 'standard',
      title: 'Standard',
      countries: ['US', 'DE'],
      rate: 5,
      deliveryTime: '3–5 days',
      position: 0,
    })
    await insertShippingRule(db(), {
      code: 'express',
      title: 'Express',
      countries: ['US'],
      rate: 15,
      position: 1,
    })
    await insertTaxRule(db(), { country: 'US', rate: 5 })
    await insertTaxRule(db(), { country: 'US', subdivision: 'US-NY', rate: 10 })
    await insertTaxRule(db(), { country: 'DE', rate: 19 })
  })
  afterAll(() => platform.close())

  it('renders the items and totals of the checkout on a page with strict security headers', async () => {
    const { url } = await startCheckout()
    const { response, html, browser } = await open(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const csp = response.headers.get('content-security-policy')!
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1]!
    expect(csp).toContain(`script-src 'nonce-${nonce}'`)
    expect(csp).toContain(`form-action 'self' ${STOREFRONT}`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(browser.cookies.get('vitrine_csrf')!.attributes).toMatch(/HttpOnly/)

    expect(html).toContain('<p class="name">Stoneware Mug</p>')
    expect(html).toContain('Qty 2 × $12.00')
    expect(html).toContain('src="https://images.example/mug.png"')
    expect(html).toContain('<p class="name">Linen Shirt</p><p class="meta">Size: M</p>')
    expect(totals(html)).toEqual({
      Subtotal: '$44.00',
      Shipping: '—',
      Tax: '$0.00',
      Total: '$44.00',
    })
    expect(html).toContain('Choose your country to see the shipping options.')
    expect(html).toContain('value="ann@example.com"')
    expect(html).toContain('<option value="DE">Germany</option>')
    expect(html).toContain(`href="${STOREFRONT}/cart"`)
  })

  it('offers the shipping options of the address and its tax, and prices again when it changes', async () => {
    const { url } = await startCheckout()
    const page = await open(url)
    let html = await reprice(page.browser, url, page.html, NEW_YORK)
    expect(shippingOptions(html)).toEqual([
      { code: 'standard', price: '$5.00', checked: true },
      { code: 'express', price: '$15.00', checked: false },
    ])
    // New York's 10 % on 44 + 5.
    expect(totals(html)).toEqual({
      Subtotal: '$44.00',
      Shipping: '$5.00',
      Tax: '$4.90',
      Total: '$53.90',
    })
    expect(html).toContain('<select id="subdivision"')

    html = await reprice(page.browser, url, html, { ...NEW_YORK, shipping: 'express' })
    expect(shippingOptions(html).find((option) => option.checked)!.code).toBe('express')
    expect(totals(html)).toMatchObject({ Shipping: '$15.00', Tax: '$5.90', Total: '$64.90' })

    // Elsewhere in the US: the country's 5 %.
    html = await reprice(page.browser, url, html, { ...NEW_YORK, subdivision: '' })
    expect(totals(html)).toMatchObject({ Tax: '$2.45', Total: '$51.45' })

    // Germany: standard only, 19 % VAT, no state.
    html = await reprice(page.browser, url, html, { ...NEW_YORK, country: 'DE', focus: 'country' })
    expect(shippingOptions(html)).toEqual([{ code: 'standard', price: '$5.00', checked: true }])
    expect(totals(html)).toMatchObject({ Tax: '$9.31', Total: '$58.31' })
    expect(html).not.toContain('id="subdivision"')
    expect(html).toMatch(/<select id="country"[^>]*autofocus/)

    // No rule ships to Japan.
    html = await reprice(page.browser, url, html, { ...NEW_YORK, country: 'JP' })
    expect(html).toContain('No shipping options deliver to JP')
  })

  it('refuses a declined card, an invalid one and missing fields, and places nothing', async () => {
    const { url, checkoutId, client } = await startCheckout()
    const { browser, html: priced } = await openPriced(url)

    const declined = await place(browser, url, priced, { card: '4000 0000 0000 0002' })
    expect(declined.status).toBe(402)
    const html = await declined.text()
    expect(html).toContain(
      '<p id="card-error" class="field-error">Your card was declined. Try another card.</p>',
    )
    expect(html).toMatch(
      /<input id="card"[^>]*aria-invalid="true" aria-describedby="card-hint card-error" autofocus>/,
    )

    const invalid = await place(browser, url, priced, { card: '1234 5678' })
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain('Enter a valid card number.')

    const missing = await submit(browser, url, priced, {
      ...NEW_YORK,
      email: 'not-an-email',
      name: '',
      card: APPROVED,
      action: 'place',
    })
    expect(missing.status).toBe(400)
    const errors = await missing.text()
    expect(errors).toContain('Enter a valid e-mail address.')
    expect(errors).toContain('Enter the name of the recipient.')
    expect(errors).toMatch(/<input id="email"[^>]*aria-invalid="true"[^>]*autofocus>/)

    expect(await ordersOf(checkoutId)).toEqual([])
    expect((await client.currentCart.getCurrentCart()).lineItems).toHaveLength(2)
  })

  it('places the order: stored, cart emptied, and redirected to the thank-you URL with its id', async () => {
    const { url, checkoutId, client } = await startCheckout()
    const cartId = (await client.currentCart.getCurrentCart()).id!
    await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'Ring twice' } })
    const { browser, html: priced } = await openPriced(url, { shipping: 'express' })
    const response = await place(browser, url, priced, { shipping: 'express' })
    expect(response.status).toBe(303)
    const [order] = await ordersOf(checkoutId)
    expect(response.headers.get('location')).toBe(`${THANKS}?orderId=${order!.id}`)

    expect(order).toMatchObject({ buyer_email: 'ann@example.com', payment_status: 'PAID' })
    expect(order!.number).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER)
    const data = JSON.parse(order!.data) as OrderData
    expect(data).toMatchObject({
      cartId,
      currency: 'USD',
      buyerName: 'Ann Buyer',
      buyerNote: 'Ring twice',
      shippingAddress: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
      },
      shippingOption: { code: 'express', title: 'Express' },
      priceSummary: {
        subtotal: { amount: '44.00' },
        shipping: { amount: '15.00' },
        tax: { amount: '5.90' },
        total: { amount: '64.90' },
      },
      payment: { method: 'TEST_CARD', cardLast4: '4242', amount: { amount: '64.90' } },
    })
    expect(data.lineItems.map((line) => [line.productName.original, line.quantity])).toEqual([
      ['Stoneware Mug', 2],
      ['Linen Shirt', 1],
    ])
    expect(JSON.stringify(order)).not.toContain('4242424242424242')

    const checkout = await db()
      .selectFrom('checkouts')
      .select('status')
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow()
    expect(checkout.status).toBe('COMPLETED')
    expect(await rejection(client.currentCart.getCurrentCart())).toMatchObject({
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
    })
    const events = await db()
      .selectFrom('events')
      .select(['event_type', 'payload'])
      .where('event_type', '=', 'wix.ecom.v1.cart_deleted')
      .execute()
    expect(events.some((event) => JSON.parse(event.payload).entityId === cartId)).toBe(true)

    // The merchant reads it with the admin key, and only with it.
    const search = (authorization?: string) =>
      fetch(`${platform.baseUrl}/ecom/v1/orders/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ search: { filter: { checkoutId } } }),
      })
    const listed = await search(platform.adminKey)
    expect(listed.status).toBe(200)
    const { orders } = (await listed.json()) as { orders: Record<string, unknown>[] }
    expect(orders).toMatchObject([
      {
        id: order!.id,
        number: String(order!.number),
        buyerInfo: { email: 'ann@example.com' },
        paymentStatus: 'PAID',
        buyerNote: 'Ring twice',
        checkoutId,
        priceSummary: { total: { amount: '64.90', formattedAmount: '$64.90' } },
      },
    ])
    expect((await search()).status).toBe(401)
  })

  it('answers a second submit, even a concurrent one, with the same redirect and one order', async () => {
    const { url, checkoutId } = await startCheckout()
    const { browser, html: priced } = await openPriced(url)
    const placeAgain = () => place(browser, url, priced)
    const [first, second] = await Promise.all([placeAgain(), placeAgain()])
    const third = await placeAgain()
    const orders = await ordersOf(checkoutId)
    expect(orders).toHaveLength(1)
    const location = `${THANKS}?orderId=${orders[0]!.id}`
    for (const response of [first!, second!, third]) {
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(location)
    }
    const again = await browser.fetch(url)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(location)
  })

  it('sends the buyer to the post-flow URL when there is no thank-you URL', async () => {
    const { url, checkoutId } = await startCheckout({ postFlowUrl: `${STOREFRONT}/done` })
    const { browser, html: priced } = await openPriced(url)
    const response = await place(browser, url, priced)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${STOREFRONT}/done`)
    expect(await ordersOf(checkoutId)).toHaveLength(1)
  })

  it('percent-encodes a non-ASCII return URL, so placing the order ends in a redirect, never a 500', async () => {
    const { url, checkoutId } = await startCheckout({ postFlowUrl: `${STOREFRONT}/done/€?q=ü` })
    const { browser, html: priced } = await openPriced(url)
    const response = await place(browser, url, priced)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${STOREFRONT}/done/%E2%82%AC?q=%C3%BC`)
    expect(await browser.fetch(url).then((again) => again.status)).toBe(303)
    expect(await ordersOf(checkoutId)).toHaveLength(1)
    // A session stored as it was given (before URLs were normalised) redirects as well.
    const legacy = await startCheckout({ thankYouPageUrl: THANKS })
    const session = new URL(legacy.url).searchParams.get('session')!
    const row = await db()
      .selectFrom('redirect_sessions')
      .select('request')
      .where('id', '=', session)
      .executeTakeFirstOrThrow()
    const request = JSON.parse(row.request) as { callbacks: Record<string, string> }
    request.callbacks.thankYouPageUrl = `${STOREFRONT}/merci/€`
    await db()
      .updateTable('redirect_sessions')
      .set({ request: JSON.stringify(request) })
      .where('id', '=', session)
      .execute()
    const page = await openPriced(legacy.url)
    const placed = await place(page.browser, legacy.url, page.html)
    expect(placed.status).toBe(303)
    expect(placed.headers.get('location')).toMatch(
      /^http:\/\/localhost:5173\/merci\/%E2%82%AC\?orderId=/,
    )
  })

  it('refuses return URLs off the allow-list: at the session, and when the list changed since', async () => {
    const client = visitorClient(platform.baseUrl)
    await client.currentCart.addToCurrentCart({ lineItems: [storesLine(1, mug)] })
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart()
    const error = await rejection(
      client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl: 'https://evil.test/thanks' },
      }),
    )
    expect(error).toMatchObject({ status: 400, kind: 'validation' })
    expect(error.fieldViolations).toMatchObject([{ field: 'callbacks.thankYouPageUrl' }])

    const shop = 'http://shop-b.test'
    await db()
      .insertInto('oauth_client_origins')
      .values({ client_id: 'demo-storefront', origin: shop })
      .execute()
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: { thankYouPageUrl: `${shop}/thanks` },
    })
    await db().deleteFrom('oauth_client_origins').where('origin', '=', shop).execute()
    const url = redirectSession.fullUrl!
    const page = await open(url)
    expect(page.response.status).toBe(400)
    expect(page.html).toContain('not allowed')
    const placed = await page.browser.post(url, {
      ...NEW_YORK,
      shipping: 'standard',
      card: APPROVED,
      action: 'place',
    })
    expect(placed.status).toBe(400)
    expect(await ordersOf(checkoutId)).toEqual([])
  })

  it('refuses a post without the CSRF token, or from a browser without its cookie', async () => {
    const { url, checkoutId } = await startCheckout()
    const page = await open(url)
    const fields = {
      ...NEW_YORK,
      shipping: 'standard',
      card: APPROVED,
      action: 'place',
      total: '49.00',
    }
    const missing = await page.browser.post(url, fields)
    expect(missing.status).toBe(403)
    expect(await missing.text()).toContain('Form expired')
    const foreign = await new TestBrowser().post(url, {
      ...fields,
      csrf: hiddenValue(page.html, 'csrf'),
    })
    expect(foreign.status).toBe(403)
    const forged = await page.browser.post(url, { ...fields, csrf: 'x'.repeat(43) })
    expect(forged.status).toBe(403)
    expect(await ordersOf(checkoutId)).toEqual([])
  })

  it('links "Checkout not found" to the shop of its session, else of the configuration, never of the request', async () => {
    const base = `${platform.baseUrl}/_vitrine/checkout`
    const hostile = {
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.test;proto=https',
      origin: 'https://evil.test',
      referer: 'https://evil.test/cart',
    }
    const backLink = async (url: string) => {
      const response = await fetch(url, { headers: hostile })
      expect(response.status, url).toBe(404)
      const page = await response.text()
      expect(page).toContain('Checkout not found')
      return /<a class="button" href="([^"]*)">Back to the shop<\/a>/.exec(page)?.[1]
    }
    // A garbled link: the first allowed origin of the configuration.
    expect(await backLink(`${base}/nope?session=nope`)).toBe(`${STOREFRONT}/`)
    expect(await backLink(`${base}/nope`)).toBe(`${STOREFRONT}/`)

    // An expired session: its cart page.
    const mine = await startCheckout()
    const session = new URL(mine.url).searchParams.get('session')!
    await db()
      .updateTable('redirect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', session)
      .execute()
    expect(await backLink(mine.url)).toBe(`${STOREFRONT}/cart`)

    // A session of another checkout without a cart page: the shop of its return URL.
    const other = await startCheckout({ postFlowUrl: 'http://127.0.0.1:5173/done' })
    const otherSession = new URL(other.url).searchParams.get('session')!
    expect(await backLink(`${base}/${mine.checkoutId}?session=${otherSession}`)).toBe(
      'http://127.0.0.1:5173/',
    )
  })

  it("answers 404 for an unknown or expired session or checkout, and for another visitor's checkout", async () => {
    const mine = await startCheckout()
    const theirs = await startCheckout()
    const session = new URL(mine.url).searchParams.get('session')!
    const base = `${platform.baseUrl}/_vitrine/checkout`
    const notFound = async (url: string) => {
      const response = await fetch(url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).toContain('Checkout not found')
    }
    await notFound(`${base}/${theirs.checkoutId}?session=${session}`)
    await notFound(`${base}/${mine.checkoutId}`)
    await notFound(`${base}/${mine.checkoutId}?session=nope`)
    await notFound(`${base}/nope?session=${session}`)
    const foreignPost = await new TestBrowser().post(
      `${base}/${theirs.checkoutId}?session=${session}`,
      {
        ...NEW_YORK,
        card: APPROVED,
        action: 'place',
      },
    )
    expect(foreignPost.status).toBe(404)

    await db()
      .updateTable('redirect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', session)
      .execute()
    await notFound(mine.url)
    expect(await ordersOf(theirs.checkoutId)).toEqual([])
  })

  it('sends the buyer back to the cart when it changed, and refuses a total the page did not show', async () => {
    const { url, client, checkoutId } = await startCheckout()
    const { browser, html: priced } = await openPriced(url)
    // The address changes to Germany without the page being priced again: the total differs.
    const germany = { country: 'DE', subdivision: '' }
    const stale = await place(browser, url, priced, germany)
    expect(stale.status).toBe(409)
    const repriced = await stale.text()
    expect(repriced).toContain('The total is now $58.31.')
    expect(hiddenValue(repriced, 'total')).toBe('58.31')

    await client.currentCart.addToCurrentCart({ lineItems: [storesLine(1, mug)] })
    const changed = await browser.fetch(url)
    expect(changed.status).toBe(409)
    const html = await changed.text()
    expect(html).toContain('Your cart changed')
    expect(html).toContain(`href="${STOREFRONT}/cart"`)
    const placed = await place(browser, url, repriced, germany)
    expect(placed.status).toBe(409)
    expect(await ordersOf(checkoutId)).toEqual([])
  })

  it('prices the order by the catalog: a price changed since the checkout is shown, then charged', async () => {
    const admin = catalogClient(platform.baseUrl, ApiKeyStrategy({ apiKey: platform.adminKey }))
    const { product: coat } = await admin.catalogWriter.createProduct({
      name: 'Wool Coat',
      productType: 'physical',
      priceData: { price: 0.58 },
    })
    const setPrice = (price: number) =>
      admin.catalogWriter.updateProduct(coat.id!, { priceData: { price } })
    // The visitor checks out while the price is the merchant's mistake…
    const { url, checkoutId } = await startVisitorCheckout(
      platform.baseUrl,
      [storesLine(100, coat.id!)],
      { thankYouPageUrl: THANKS },
    )
    const { browser, html: cheap } = await openPriced(url)
    expect(totals(cheap)).toMatchObject({ Subtotal: '$58.00' })
    // …which the merchant then fixes: the page says so and shows the new totals.
    await setPrice(58)
    const reloaded = await browser.fetch(url)
    expect(reloaded.status).toBe(200)
    const fixed = await reloaded.text()
    expect(fixed).toContain(
      'Prices changed since you started checking out: Wool Coat is now $58.00 (was $0.58).',
    )
    expect(fixed).toContain('Qty 100 × $58.00')
    // The total the buyer saw first is not charged…
    const stale = await place(browser, url, cheap)
    expect(stale.status).toBe(409)
    expect(await stale.text()).toContain('The total is now $6,385.50.')
    expect(await ordersOf(checkoutId)).toEqual([])
    // …the one shown now is, at the catalog's price.
    const priced = await reprice(browser, url, fixed, NEW_YORK)
    expect(hiddenValue(priced, 'total')).toBe('6385.50')
    expect((await place(browser, url, priced)).status).toBe(303)
    const [order] = await ordersOf(checkoutId)
    const data = JSON.parse(order!.data) as OrderData
    expect(data.lineItems[0]).toMatchObject({ quantity: 100, price: { amount: '58.00' } })
    expect(data.priceSummary).toMatchObject({
      subtotal: { amount: '5800.00' },
      total: { amount: '6385.50' },
    })
  })

  describe('stock', () => {
    /** A tote in sizes S and M, each variant tracking its stock: S 5, M 1. */
    const insertTote = () => {
      const option = withOption('Size', ['S', 'M'])
      return insertProduct(db(), {
        name: 'Canvas Tote',
        price: 15,
        manageVariants: true,
        trackInventory: true,
        options: option.options,
        variants: option.variants.map((variant, index) => ({
          ...variant,
          trackQuantity: true,
          quantity: [5, 1][index],
        })),
      })
    }
    const product = async (id: string) =>
      (
        await catalogClient(
          platform.baseUrl,
          OAuthStrategy({ clientId: 'demo-storefront' }),
        ).products.getProduct(id)
      ).product
    const stockOf = async (id: string) => {
      const { stock, variants } = await product(id)
      return { stock, variants: variants?.map((v) => [v.choices, v.stock]) }
    }

    it('takes the ordered units of tracked stock, in the same transaction as the order', async () => {
      const tote = await insertTote()
      const candle = await insertProduct(db(), {
        name: 'Beeswax Candle',
        trackInventory: true,
        quantity: 2,
      })
      expect((await stockOf(tote.id)).stock).toMatchObject({ quantity: 6, inStock: true })
      const towel = (await insertProduct(db(), { name: 'Tea Towel' })).id
      const towelBefore = await stockOf(towel)
      const { url } = await startVisitorCheckout(
        platform.baseUrl,
        [storesLine(2, tote.id, { Size: 'S' }), storesLine(2, candle.id), storesLine(1, towel)],
        { thankYouPageUrl: THANKS },
      )
      const { browser, html } = await openPriced(url)
      expect((await place(browser, url, html)).status).toBe(303)

      expect(await stockOf(tote.id)).toEqual({
        stock: expect.objectContaining({ trackInventory: true, quantity: 4, inStock: true }),
        variants: [
          [{ Size: 'S' }, { trackQuantity: true, quantity: 3, inStock: true }],
          [{ Size: 'M' }, { trackQuantity: true, quantity: 1, inStock: true }],
        ],
      })
      expect((await stockOf(candle.id)).stock).toMatchObject({
        trackInventory: true,
        quantity: 0,
        inStock: false,
      })
      expect(await stockOf(towel)).toEqual(towelBefore)
      expect(towelBefore.stock).toMatchObject({ trackInventory: false, inStock: true })
      expect(towelBefore.stock?.quantity).toBeUndefined()

      const events = await db()
        .selectFrom('events')
        .select(['event_type', 'payload'])
        .where('event_type', 'like', 'com.wix.ecommerce.catalog.api.v1.%')
        .execute()
      const about = (id: string) =>
        events.filter((event) => JSON.parse(event.payload).productId === id)
      expect(about(tote.id).map((event) => JSON.parse(event.payload))).toMatchObject([
        { variants: [{ variantId: tote.variantIds[0], changedFields: ['stock'] }] },
      ])
      expect(about(candle.id).map((event) => JSON.parse(event.payload))).toMatchObject([
        { changedFields: ['stock'] },
      ])
      expect(about(towel)).toEqual([])
    })

    it('refuses an order of more than is in stock, and changes nothing', async () => {
      const tote = await insertTote()
      const { url, checkoutId, client } = await startVisitorCheckout(
        platform.baseUrl,
        [storesLine(3, tote.id, { Size: 'S' })],
        { thankYouPageUrl: THANKS },
      )
      const { browser, html } = await openPriced(url)
      // Someone else bought some meanwhile: 2 are left.
      await db()
        .updateTable('variants')
        .set({ quantity: 2 })
        .where('id', '=', tote.variantIds[0]!)
        .execute()
      await refreshProductDocuments(db(), [tote.id])
      const before = await stockOf(tote.id)
      const refused = await place(browser, url, html)
      expect(refused.status).toBe(409)
      expect(await refused.text()).toContain('Only 2 left of Canvas Tote.')
      expect(await ordersOf(checkoutId)).toEqual([])
      expect(await stockOf(tote.id)).toEqual(before)
      expect(before.variants?.[0]?.[1]).toMatchObject({ quantity: 2, inStock: true })
      const cart = await client.currentCart.getCurrentCart()
      expect(cart.lineItems?.map((line) => line.quantity)).toEqual([3])
    })

    it('sells the last unit once when 20 buyers order it at the same time', async () => {
      const tote = await insertTote()
      const buyers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { url } = await startVisitorCheckout(
            platform.baseUrl,
            [storesLine(1, tote.id, { Size: 'M' })],
            { thankYouPageUrl: THANKS },
          )
          return { url, ...(await openPriced(url)) }
        }),
      )
      const responses = await Promise.all(
        buyers.map(({ browser, url, html }) => place(browser, url, html)),
      )
      expect(responses.map((response) => response.status).sort()).toEqual([
        303,
        ...Array<number>(19).fill(409),
      ])
      const refused = responses.find((response) => response.status === 409)!
      expect(await refused.text()).toContain('Sold out: Canvas Tote.')
      expect((await stockOf(tote.id)).variants?.[1]?.[1]).toEqual({
        trackQuantity: true,
        quantity: 0,
        inStock: false,
      })
    })
  })
})
