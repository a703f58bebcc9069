import {
  ApiKeyStrategy,
  createClient,
  createWebhooks,
  currentCart,
  OAuthStrategy,
  orderFulfillments,
  orders,
  redirects,
  STORES_APP_ID,
} from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../db/migrations/index.js'
import { checkoutPage, payOnCheckoutPage, storesLine } from '../../test-support/cart.js'
import { signInNewMember } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import {
  eventually,
  startReceiver,
  type WebhookReceiver,
} from '../../test-support/webhook-receiver.js'
import {
  insertCoupon,
  insertProduct,
  insertShippingRule,
  insertTaxRule,
  withOption,
} from '../../test-support/catalog-fixtures.js'

/*
 * The orders endpoints through real HTTP, on orders placed end to end (a shopper's cart and
 * checkout made by the real client, then the hosted checkout page): who may call them, one whole
 * order in the wire's shape, and search — filters, sort, cursor paging, hidden statuses and what
 * a search refuses.
 */

const THANKS = 'http://localhost:5173/thank-you'
const PASSWORD = 'correct horse 1'
type Json = Record<string, any>

describe.each(DIALECTS)('orders on %s', (dialect) => {
  let platform: TestPlatform
  let mug: string
  let shirt: string
  let ebook: string
  let seq = 0
  const db = () => platform.app.platform.db.kysely
  const email = (name: string) => `${name}-${++seq}-${dialect}@example.com`

  /** A call of the orders API with `authorization` (raw, as the provider's clients send it). */
  const call = async (
    path: string,
    authorization?: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ) => {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: {
        ...(authorization && { authorization }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const getOrder = (id: string, authorization = platform.adminKey) =>
    call(`/ecom/v1/orders/${id}?id=${id}`, authorization)
  const search = (body: unknown, authorization = platform.adminKey) =>
    call('/ecom/v1/orders/search', authorization, body)
  /** The orders a search answers, as `[number, …]` (the search must succeed). */
  const numbers = async (body: unknown) => {
    const found = await search(body)
    expect(found.status, JSON.stringify(found.body)).toBe(200)
    return (found.body.orders as Json[]).map((order) => Number(order.number))
  }

  /**
   * Runs `test` with a webhook of `types` registered to a new receiver; `received()` verifies and
   * decodes what the receiver got so far. The webhook and the receiver go after, however it ends.
   */
  const withWebhook = async (
    types: string[],
    test: (hook: {
      receiver: WebhookReceiver
      received: () => Promise<{ type: string; payload: Json; identity: unknown }[]>
    }) => Promise<void>,
  ) => {
    const receiver = await startReceiver()
    const registered = await call('/_vitrine/webhooks', platform.adminKey, {
      url: receiver.url,
      eventTypes: types,
    })
    expect(registered.status).toBe(200)
    try {
      const { publicKey } = (await call('/_vitrine/webhooks/public-key')).body
      const webhooks = createWebhooks({ publicKey })
      const received = () =>
        Promise.all(
          receiver.requests.map(async ({ body }) => {
            const message = await webhooks.process(body, { expectedEvents: types })
            return {
              type: message.eventType,
              payload: message.payload as Json,
              identity: message.identity as unknown,
            }
          }),
        )
      await test({ receiver, received })
    } finally {
      await call(
        `/_vitrine/webhooks/${registered.body.webhook.id}`,
        platform.adminKey,
        undefined,
        'DELETE',
      )
      await receiver.close()
    }
  }

  /** A shopper: a visitor of the storefront's client until it signs in. */
  const shopper = () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const client = createClient({
      modules: { currentCart, redirects, authentication },
      auth,
      baseUrl: platform.baseUrl,
    })
    return { auth, client }
  }

  /** A new member of `address`, signed in (member tokens taken with the code flow). */
  const member = async (address: string) => {
    const shop = shopper()
    await signInNewMember(shop.auth, address, PASSWORD)
    return shop
  }

  /**
   * Places an order of `lines` as `shop` through the hosted checkout page (New York, standard
   * shipping when something ships, the approved test card, e-mail `buyer`): its id, and the
   * cart's `buyerInfo` (who the order's buyer must be).
   */
  const placeOrder = async (
    shop: ReturnType<typeof shopper>,
    lines: ReturnType<typeof storesLine>[],
    buyer: string,
    couponCode?: string,
  ) => {
    const { cart } = await shop.client.currentCart.addToCurrentCart({ lineItems: lines })
    if (couponCode) await shop.client.currentCart.updateCurrentCart({ couponCode })
    const { url } = await checkoutPage(shop.client, buyer, { thankYouPageUrl: THANKS })
    const id = await payOnCheckoutPage(url, buyer)
    return { id, buyerInfo: cart.buyerInfo! }
  }
  const placeAsVisitor = async (lines: ReturnType<typeof storesLine>[], buyer: string) =>
    (await placeOrder(shopper(), lines, buyer)).id

  const numberOf = async (id: string) => Number((await getOrder(id)).body.order.number)

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const settings = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: false, captchaRequired: false }),
    })
    expect(settings.status).toBe(200)
    mug = (
      await insertProduct(db(), {
        name: 'Stoneware Mug',
        price: 12,
        sku: 'MUG-1',
        weight: 0.4,
        media: {
          mainMedia: { image: { url: 'https://images.example/mug.png', width: 400, height: 300 } },
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
    ebook = (
      await insertProduct(db(), { name: 'Field Guide', price: 9.99, productType: 'digital' })
    ).id
    await insertShippingRule(db(), {
      code: 'standard',
      title: 'Standard',
      countries: ['US'],
      rate: 5,
      deliveryTime: '3–5 days',
      position: 0,
    })
    await insertTaxRule(db(), { country: 'US', subdivision: 'US-NY', rate: 10 })
    await insertCoupon(db(), {
      code: 'THIRD',
      type: 'percentage',
      value: 33.333,
      name: 'A third off',
    })
  })
  afterAll(() => platform.close())

  it('answers one whole order in the wire shape, every amount an exact decimal string', async () => {
    const buyer = email('whole')
    const lines = [storesLine(2, mug), storesLine(1, shirt, { Size: 'M' })]
    const { id, buyerInfo } = await placeOrder(shopper(), lines, buyer)
    const visitorId = buyerInfo.visitorId!
    expect(visitorId).toEqual(expect.any(String))
    const { status, body } = await getOrder(id)
    expect(status).toBe(200)
    const price = (amount: string) => ({ amount, formattedAmount: `$${amount}` })
    const { order } = body
    expect(order).toEqual({
      id,
      number: expect.stringMatching(/^\d+$/),
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedDate: order.createdDate,
      purchasedDate: order.createdDate,
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      buyerInfo: { visitorId, email: buyer },
      createdBy: { visitorId },
      lineItems: [
        {
          id: expect.any(String),
          productName: { original: 'Stoneware Mug', translated: 'Stoneware Mug' },
          catalogReference: { catalogItemId: mug, appId: STORES_APP_ID },
          quantity: 2,
          price: price('12.00'),
          priceBeforeDiscounts: price('12.00'),
          totalPriceBeforeTax: price('24.00'),
          totalPriceAfterTax: price('26.40'),
          lineItemPrice: price('24.00'),
          totalDiscount: price('0.00'),
          image: { url: 'https://images.example/mug.png', width: 400, height: 300 },
          descriptionLines: [],
          physicalProperties: { weight: 0.4, sku: 'MUG-1', shippable: true },
          itemType: { preset: 'PHYSICAL' },
          paymentOption: 'FULL_PAYMENT_ONLINE',
          taxDetails: { taxRate: '0.1', totalTax: price('2.40') },
          refundQuantity: 0,
          restockQuantity: 0,
          priceUndetermined: false,
          fixedQuantity: false,
        },
        expect.objectContaining({
          productName: { original: 'Linen Shirt', translated: 'Linen Shirt' },
          catalogReference: {
            catalogItemId: shirt,
            appId: STORES_APP_ID,
            options: { options: { Size: 'M' } },
          },
          quantity: 1,
          descriptionLines: [
            expect.objectContaining({ name: { original: 'Size', translated: 'Size' } }),
          ],
          totalPriceAfterTax: price('22.00'),
        }),
      ],
      priceSummary: {
        subtotal: price('44.00'),
        shipping: price('5.00'),
        tax: price('4.90'),
        discount: price('0.00'),
        total: price('53.90'),
        totalAdditionalFees: price('0.00'),
      },
      billingInfo: {
        address: {
          country: 'US',
          subdivision: 'US-NY',
          city: 'New York',
          postalCode: '10001',
          addressLine: '1 Main St',
        },
        contactDetails: { firstName: 'Ann', lastName: 'Buyer' },
      },
      recipientInfo: order.billingInfo,
      shippingInfo: {
        carrierId: expect.any(String),
        code: 'standard',
        title: 'Standard',
        logistics: { shippingDestination: order.billingInfo, deliveryTime: '3–5 days' },
        cost: {
          price: price('5.00'),
          totalPriceBeforeTax: price('5.00'),
          totalPriceAfterTax: price('5.50'),
          discount: price('0.00'),
        },
        region: { name: 'US' },
      },
      appliedDiscounts: [],
      taxInfo: { totalTax: price('4.90') },
      currency: 'USD',
      checkoutId: expect.any(String),
      purchaseFlowId: expect.any(String),
      channelInfo: { type: 'WEB' },
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      buyerLanguage: 'en',
      siteLanguage: 'en',
      attributionSource: 'UNSPECIFIED',
      imported: false,
      archived: false,
      seenByAHuman: false,
    })
  })

  it("carries a coupon's discount to the order's lines and totals, to the cent", async () => {
    const lines = [storesLine(1, mug), storesLine(1, shirt, { Size: 'S' })]
    const { id } = await placeOrder(shopper(), lines, email('coupon'), 'THIRD')
    const { order } = (await getOrder(id)).body
    const price = (amount: string) => ({ amount, formattedAmount: `$${amount}` })
    // 33.333 % of 12 and of 20: 4.00 and 6.67 (10.67 of 32), then 10 % tax on the rest and on shipping.
    expect(order.appliedDiscounts).toEqual([
      {
        discountType: 'GLOBAL',
        coupon: {
          id: expect.any(String),
          code: 'THIRD',
          name: 'A third off',
          amount: price('10.67'),
        },
      },
    ])
    expect(
      order.lineItems.map((line: Json) => [
        line.totalDiscount.amount,
        line.totalPriceBeforeTax.amount,
        line.taxDetails.totalTax.amount,
        line.totalPriceAfterTax.amount,
      ]),
    ).toEqual([
      ['4.00', '8.00', '0.80', '8.80'],
      ['6.67', '13.33', '1.33', '14.66'],
    ])
    expect(order.priceSummary).toEqual({
      subtotal: price('32.00'),
      shipping: price('5.00'),
      tax: price('2.63'),
      discount: price('10.67'),
      total: price('28.96'),
      totalAdditionalFees: price('0.00'),
    })
  })

  it('is for elevated callers only: 401 without a token, 403 for a visitor or a member', async () => {
    const buyer = email('member')
    const shop = await member(buyer)
    const { id, buyerInfo } = await placeOrder(shop, [storesLine(1, mug)], buyer)
    const memberToken = shop.auth.getTokens().accessToken.value
    const visitorToken = (await shopper().auth.generateVisitorTokens()).accessToken.value

    for (const token of [memberToken, visitorToken]) {
      for (const refused of [await getOrder(id, token), await search({}, token)]) {
        expect(refused.status).toBe(403)
        expect(refused.body).toEqual({ message: expect.any(String), details: {} })
      }
    }
    for (const refused of [
      await call(`/ecom/v1/orders/${id}`),
      await call('/ecom/v1/orders/search', undefined, {}),
    ]) {
      expect(refused.status).toBe(401)
      expect(refused.body).toEqual({ message: 'Missing Authorization header', details: {} })
    }
    // The admin key reads it, with the member as the buyer.
    const { status, body } = await getOrder(id)
    expect(status).toBe(200)
    const memberId = buyerInfo.memberId!
    expect(body.order.buyerInfo).toEqual({ memberId, email: buyer })
    expect(body.order.createdBy).toEqual({ memberId })
    expect(await numbers({ search: { filter: { 'buyerInfo.memberId': memberId } } })).toEqual([
      await numberOf(id),
    ])
  })

  it('answers 404 ORDER_NOT_FOUND for an unknown id', async () => {
    const { status, body } = await getOrder('00000000-0000-4000-8000-000000000000')
    expect(status).toBe(404)
    expect(body).toEqual({
      message: expect.stringContaining('not found'),
      details: {
        applicationError: {
          code: 'ORDER_NOT_FOUND',
          description: expect.any(String),
          data: expect.any(Object),
        },
      },
    })
  })

  it('marks an order with nothing to ship fulfilled, and filters by status, buyer and total', async () => {
    const buyer = email('filters')
    const placedDigital = await placeOrder(shopper(), [storesLine(1, ebook)], buyer)
    const digital = placedDigital.id
    const physical = await placeAsVisitor([storesLine(3, mug)], buyer)
    const [d, p] = [await numberOf(digital), await numberOf(physical)]
    const { body } = await getOrder(digital)
    expect(body.order).toMatchObject({
      fulfillmentStatus: 'FULFILLED',
      priceSummary: { total: { amount: '10.99', formattedAmount: '$10.99' } },
      lineItems: [{ itemType: { preset: 'DIGITAL' }, physicalProperties: { shippable: false } }],
    })
    const mine = { 'buyerInfo.email': buyer }
    const filtered = (filter: Json, sort?: Json[]) =>
      numbers({ search: { filter: { ...mine, ...filter }, ...(sort && { sort }) } })

    expect(await filtered({})).toEqual([p, d])
    expect(await filtered({ fulfillmentStatus: 'FULFILLED' })).toEqual([d])
    expect(await filtered({ fulfillmentStatus: { $nin: ['FULFILLED'] } })).toEqual([p])
    expect(await filtered({ paymentStatus: { $in: ['PAID', 'NOT_PAID'] } })).toEqual([p, d])
    // 3 × 12 + 5 shipping + 10 % tax = 45.10.
    expect(await filtered({ 'priceSummary.total.amount': { $gt: '10.99' } })).toEqual([p])
    expect(await filtered({ 'priceSummary.total.amount': '10.99' })).toEqual([d])
    expect(await filtered({ 'priceSummary.total.amount': { $lte: 45.1 } })).toEqual([p, d])
    expect(await filtered({ number: String(d) })).toEqual([d])
    expect(await filtered({ id: { $in: [physical] } })).toEqual([p])
    expect(await filtered({ 'buyerInfo.visitorId': placedDigital.buyerInfo.visitorId! })).toEqual([
      d,
    ])
    expect(await filtered({ 'buyerInfo.memberId': { $exists: true } })).toEqual([])
    expect(await filtered({ 'channelInfo.type': 'WEB', imported: false })).toEqual([p, d])
    expect(
      await filtered({ createdDate: { $gt: (await getOrder(physical)).body.order.createdDate } }),
    ).toEqual([])
    expect(
      await numbers({
        search: { filter: { 'buyerInfo.email': { $startsWith: buyer.slice(0, 12) } } },
      }),
    ).toEqual([p, d])
    expect(await filtered({}, [{ fieldName: 'priceSummary.total.amount', order: 'ASC' }])).toEqual([
      d,
      p,
    ])
    expect(await filtered({}, [{ fieldName: 'createdDate', order: 'ASC' }])).toEqual([d, p])
    expect(
      await filtered({
        $or: [{ number: d }, { checkoutId: (await getOrder(physical)).body.order.checkoutId }],
      }),
    ).toEqual([p, d])
  })

  it('leaves out PENDING and REJECTED orders unless the filter asks, and INITIALIZED ones always', async () => {
    const buyer = email('hidden')
    const ids: string[] = []
    for (let i = 0; i < 4; i++) ids.push(await placeAsVisitor([storesLine(1, mug)], buyer))
    const [approved, pending, rejected] = await Promise.all(ids.map(numberOf))
    const setStatus = (id: string, status: string) =>
      db().updateTable('orders').set({ status }).where('id', '=', id).execute()
    // No checkout makes these yet (the test card is approved or declined at once).
    await setStatus(ids[1]!, 'PENDING')
    await setStatus(ids[2]!, 'REJECTED')
    await setStatus(ids[3]!, 'INITIALIZED')
    const mine = { 'buyerInfo.email': buyer }

    expect(await numbers({ search: { filter: mine } })).toEqual([approved])
    expect(await numbers({ search: { filter: { ...mine, status: 'PENDING' } } })).toEqual([pending])
    expect(await numbers({ search: { filter: { ...mine, status: { $ne: 'APPROVED' } } } })).toEqual(
      [rejected, pending],
    )
    expect(
      await numbers({
        search: { filter: { $and: [mine, { status: { $in: ['REJECTED', 'INITIALIZED'] } }] } },
      }),
    ).toEqual([rejected])
    expect(await numbers({ search: { filter: { ...mine, status: 'INITIALIZED' } } })).toEqual([])
    // getOrder reads any of them.
    expect((await getOrder(ids[3]!)).body.order.status).toBe('INITIALIZED')
  })

  it('pages with cursors, forward and back, and an order placed meanwhile shifts no page', async () => {
    const buyer = email('paging')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await placeAsVisitor([storesLine(1, mug)], buyer))
    const all = (await Promise.all(ids.map(numberOf))).reverse()
    const filter = { 'buyerInfo.email': buyer }

    const page1 = await search({ search: { filter, cursorPaging: { limit: 2 } } })
    expect(page1.status).toBe(200)
    expect(page1.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(0, 2))
    expect(page1.body.metadata).toEqual({
      count: 2,
      cursors: { next: expect.stringMatching(/^[\w-]+$/), prev: null },
      hasNext: true,
    })
    // A new order sorts before the first page (newest first): the next pages do not move.
    const newest = await numberOf(await placeAsVisitor([storesLine(1, mug)], buyer))
    const next = (cursor: string) => search({ search: { cursorPaging: { limit: 2, cursor } } })
    const page2 = await next(page1.body.metadata.cursors.next)
    expect(page2.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(2, 4))
    expect(page2.body.metadata.hasNext).toBe(true)
    const page3 = await next(page2.body.metadata.cursors.next)
    expect(page3.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(4))
    expect(page3.body.metadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } })
    // Back from page 3 is page 2; back from page 2 is the first two of the search now.
    const back2 = await next(page3.body.metadata.cursors.prev)
    expect(back2.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(2, 4))
    const back1 = await next(back2.body.metadata.cursors.prev)
    expect(back1.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(0, 2))
    expect(back1.body.metadata.cursors.prev).toEqual(expect.any(String))
    const first = await next(back1.body.metadata.cursors.prev)
    expect(first.body.orders.map((order: Json) => Number(order.number))).toEqual([newest])
    expect(first.body.metadata.cursors.prev).toBeNull()

    // The cursor carries the filter and sort: sent again unchanged, fine; changed, a 400.
    const cursor = page1.body.metadata.cursors.next as string
    const same = await search({ search: { filter, cursorPaging: { limit: 2, cursor } } })
    expect(same.body.orders.map((order: Json) => Number(order.number))).toEqual(all.slice(2, 4))
    const other = await search({
      search: { filter: { status: 'PENDING' }, cursorPaging: { cursor } },
    })
    expect(other.status).toBe(400)
    expect(other.body.details.validationError.fieldViolations[0].field).toBe(
      'search.cursorPaging.cursor',
    )

    // Sorted by total then number, paged one at a time: every order once.
    const sort = [
      { fieldName: 'priceSummary.total.amount', order: 'DESC' },
      { fieldName: 'number' },
    ]
    const seen: number[] = []
    let page = await search({ search: { filter, sort, cursorPaging: { limit: 1 } } })
    for (;;) {
      seen.push(...page.body.orders.map((order: Json) => Number(order.number)))
      if (!page.body.metadata.hasNext) break
      page = await next(page.body.metadata.cursors.next)
    }
    expect(seen).toEqual([...all, newest].sort((a, b) => a - b))
  })

  it('refuses a bad filter, sort, paging or cursor with a 400 naming the field', async () => {
    const refused = async (body: unknown, field: string) => {
      const answer = await search(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field, violatedRule: expect.any(String) }),
      ])
      expect(answer.body.message).toMatch(/^INVALID_ARGUMENT: /)
    }
    await refused({ search: { filter: { 'lineItems.sku': 'x' } } }, 'search.filter.lineItems.sku')
    await refused({ search: { filter: { id: { $startsWith: 'a' } } } }, 'search.filter.id')
    await refused({ search: { filter: { status: 'SHIPPED' } } }, 'search.filter.status')
    await refused(
      { search: { filter: { createdDate: { $gt: 'yesterday' } } } },
      'search.filter.createdDate',
    )
    await refused({ search: { filter: { number: { $gt: 'ten' } } } }, 'search.filter.number')
    await refused({ search: { filter: '{"status":"APPROVED"}' } }, 'search.filter')
    await refused({ search: { sort: [{ fieldName: 'id' }] } }, 'search.sort[0].fieldName')
    await refused(
      { search: { sort: [{ fieldName: 'number', order: 'UP' }] } },
      'search.sort[0].order',
    )
    await refused(
      { search: { sort: Array.from({ length: 5 }, () => ({ fieldName: 'number' })) } },
      'search.sort',
    )
    await refused({ search: { cursorPaging: { limit: 101 } } }, 'search.cursorPaging.limit')
    await refused({ search: { cursorPaging: { limit: 0 } } }, 'search.cursorPaging.limit')
    await refused({ search: { aggregations: [] } }, 'search.aggregations')
    await refused(
      { search: { cursorPaging: { cursor: 'x'.repeat(16001) } } },
      'search.cursorPaging.cursor',
    )
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const cursor of [
      'not a cursor!',
      'bm90IGpzb24',
      cursorOf([]),
      cursorOf({ f: {}, s: [], d: 'n', p: [] }),
      // A position of the wrong type for the sort (text where a number is compared).
      cursorOf({ f: {}, s: [], d: 'n', p: ['2026-01-01T00:00:00.000Z', 'x'] }),
      cursorOf({ f: {}, s: [], d: 'n', p: [1, 2] }),
      // A filter or sort a search would refuse.
      cursorOf({ f: { nope: 1 }, s: [], d: 'n', p: ['2026-01-01T00:00:00.000Z', 1] }),
      cursorOf({ f: {}, s: [{ fieldName: 'id' }], d: 'n', p: ['a', 1] }),
    ])
      await refused({ search: { cursorPaging: { cursor } } }, 'search.cursorPaging.cursor')
    // An empty body is a search of everything.
    expect((await search({})).status).toBe(200)
  })

  it('emits order_created and order_approved when an order is placed, order_canceled when canceled', async () => {
    const types = [
      'wix.ecom.v1.order_created',
      'wix.ecom.v1.order_approved',
      'wix.ecom.v1.order_canceled',
    ]
    await withWebhook(types, async ({ receiver, received }) => {
      const { id, buyerInfo } = await placeOrder(shopper(), [storesLine(1, mug)], email('events'))
      const { order } = (await getOrder(id)).body
      await eventually(() => receiver.requests.length === 2)
      const [approved, created] = (await received()).sort((a, b) => a.type.localeCompare(b.type))
      const envelope = { id: expect.any(String), entityFqdn: 'wix.ecom.v1.order', entityId: id }
      expect(created).toEqual({
        type: 'wix.ecom.v1.order_created',
        payload: expect.objectContaining({
          ...envelope,
          slug: 'created',
          createdEvent: { entity: order },
        }),
        identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: buyerInfo.visitorId },
      })
      expect(approved).toMatchObject({
        type: 'wix.ecom.v1.order_approved',
        payload: { ...envelope, slug: 'approved', actionEvent: { body: { order } } },
      })

      // Cancelled by the merchant: once (a second cancel changes and emits nothing).
      const cancel = (body: Json, authorization = platform.adminKey) =>
        call(`/ecom/v1/orders/${id}/cancel`, authorization, body)
      const visitorToken = (await shopper().auth.generateVisitorTokens()).accessToken.value
      expect((await cancel({ id }, visitorToken)).status).toBe(403)
      const canceled = await cancel({ id, customMessage: 'Out of glaze' })
      expect(canceled.status).toBe(200)
      expect(canceled.body.order).toMatchObject({ id, status: 'CANCELED', paymentStatus: 'PAID' })
      expect(canceled.body.order.updatedDate > order.updatedDate).toBe(true)
      expect((await getOrder(id)).body.order).toEqual(canceled.body.order)
      expect((await cancel({ id })).body.order).toEqual(canceled.body.order)
      await eventually(() => receiver.requests.length === 3)
      const events = await received()
      expect(events.map((event) => event.type).sort()).toEqual(types.slice().sort())
      expect(events.find((event) => event.type === 'wix.ecom.v1.order_canceled')).toMatchObject({
        payload: {
          ...envelope,
          slug: 'canceled',
          actionEvent: { body: { order: canceled.body.order, customMessage: 'Out of glaze' } },
        },
        identity: { identityType: expect.stringMatching(/^(APP|WIX_USER)$/) },
      })
      // Canceled orders are still found (only PENDING, REJECTED, INITIALIZED are left out).
      expect(await numbers({ search: { filter: { id, status: 'CANCELED' } } })).toEqual([
        Number(order.number),
      ])
      expect(
        (await call('/ecom/v1/orders/nope/cancel', platform.adminKey, {})).body.details,
      ).toMatchObject({
        applicationError: { code: 'ORDER_NOT_FOUND' },
      })
    })
  })

  it("serves the client's orders module: getOrder, a search builder paged by cursor, cancelOrder", async () => {
    const admin = createClient({
      modules: { orders },
      auth: ApiKeyStrategy({ apiKey: platform.adminKey }),
      baseUrl: platform.baseUrl,
    })
    const buyer = email('client')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push(await placeAsVisitor([storesLine(1 + i, mug)], buyer))

    const order = await admin.orders.getOrder(ids[0]!)
    expect(order).toMatchObject({
      id: ids[0],
      number: expect.stringMatching(/^\d+$/),
      status: 'APPROVED',
      buyerInfo: { email: buyer },
      // 12 + 5 shipping + 10 % tax.
      priceSummary: { total: { amount: '18.70', formattedAmount: '$18.70' } },
    })
    expect(order.createdDate).toBeInstanceOf(Date)

    const search = admin.orders.searchOrders().eq('buyerInfo.email', buyer).limit(2)
    const first = await search.find()
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]])
    expect(first.hasNext()).toBe(true)
    expect(first.hasPrev()).toBe(false)
    const second = await first.next()
    expect(second.items.map((item) => item.id)).toEqual([ids[0]])
    expect(second.hasNext()).toBe(false)
    expect((await second.prev()).items.map((item) => item.id)).toEqual([ids[2], ids[1]])
    const walked: string[] = []
    for await (const item of admin.orders.searchOrders().eq('buyerInfo.email', buyer).limit(1))
      walked.push(item.id!)
    expect(walked).toEqual([ids[2], ids[1], ids[0]])
    const byTotal = await admin.orders
      .searchOrders()
      .eq('buyerInfo.email', buyer)
      .gt('priceSummary.total.amount', '20')
      .ascending('priceSummary.total.amount')
      .find()
    expect(byTotal.items.map((item) => item.priceSummary?.total?.amount)).toEqual([
      '31.90',
      '45.10',
    ])

    const { order: canceled } = await admin.orders.cancelOrder(ids[0]!, { customMessage: 'Sorry' })
    expect(canceled).toMatchObject({ id: ids[0], status: 'CANCELED' })
  })

  it('backfills the search columns of orders stored before them, which read the same', async () => {
    const buyer = email('backfill')
    const lines = [storesLine(2, mug), storesLine(1, shirt, { Size: 'S' })]
    const ids = [
      await placeAsVisitor(lines, buyer),
      await placeAsVisitor([storesLine(1, ebook)], buyer),
      (await placeOrder(await member(buyer), [storesLine(1, mug)], buyer)).id,
    ]
    const read = () => Promise.all(ids.map(async (id) => (await getOrder(id)).body.order))
    const members = { search: { filter: { 'buyerInfo.memberId': { $exists: true } } } }
    const [before, memberOrders] = [await read(), await numbers(members)]
    expect(memberOrders.length).toBeGreaterThan(0)

    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } })
    const down = await migrator.migrateTo('0016-line-image-paths')
    expect(down.error).toBeUndefined()
    // Undone newest first: 0017 last, after the later migrations.
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0017-order-search')
    // As the checkout stored orders then: without the per-line totals.
    for (const row of await db().selectFrom('orders').select(['id', 'data']).execute()) {
      const data = JSON.parse(row.data) as Json
      delete data.lineTotals
      await db()
        .updateTable('orders')
        .set({ data: JSON.stringify(data) })
        .where('id', '=', row.id)
        .execute()
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined()

    // The same, but for the tax rate of each line, which such an order did not keep.
    for (const order of before)
      for (const line of order.lineItems as Json[]) delete line.taxDetails.taxRate
    expect(await read()).toEqual(before)
    expect(await numbers(members)).toEqual(memberOrders)
    const mine = { 'buyerInfo.email': buyer }
    expect(
      await numbers({ search: { filter: { ...mine, fulfillmentStatus: 'FULFILLED' } } }),
    ).toEqual([Number(before[1].number)])
    expect(
      await numbers({ search: { filter: { ...mine, 'priceSummary.total.amount': { $gt: 40 } } } }),
    ).toEqual([Number(before[0].number)])
  })

  it('mails the buyer a confirmation: number, items, totals and address, every value escaped', async () => {
    const hostile = await insertProduct(db(), {
      name: '<img src=x onerror=alert(1)> & "Mug"',
      price: 7.5,
    })
    const buyer = email('confirmation')
    const id = await placeAsVisitor([storesLine(2, hostile.id), storesLine(1, mug)], buyer)
    const { order } = (await getOrder(id)).body
    const response = await fetch(`${platform.baseUrl}/_dev/mailbox?to=${encodeURIComponent(buyer)}`)
    const { messages } = (await response.json()) as { messages: Json[] }
    expect(messages).toHaveLength(1)
    const [mail] = messages
    expect(mail).toMatchObject({
      to: buyer,
      kind: 'ORDER_CONFIRMATION',
      subject: `Your order #${order.number}`,
    })
    // 2 × 7.50 + 12 = 27, + 5 shipping, + 10 % tax (2.70 + 0.50) = 35.20.
    expect(mail!.text).toBe(
      [
        `Thank you for your order #${order.number}.`,
        '',
        '2 × <img src=x onerror=alert(1)> & "Mug" at $7.50: $15.00',
        '1 × Stoneware Mug at $12.00: $12.00',
        '',
        'Subtotal: $27.00',
        'Shipping (Standard): $5.00',
        'Tax: $3.20',
        'Total: $35.20',
        '',
        'Shipping to:',
        'Ann Buyer',
        '1 Main St',
        'New York, US-NY, 10001',
        'US',
      ].join('\n'),
    )
    expect(order.priceSummary.total.formattedAmount).toBe('$35.20')
    // The mailbox's JSON leaves the HTML part out: read it where the mailbox keeps it.
    const { html: markup } = await db()
      .selectFrom('mail')
      .select('html')
      .where('to_address', '=', buyer)
      .executeTakeFirstOrThrow()
    expect(markup).not.toContain('<img')
    expect(markup).toContain(
      '<td>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Mug&quot;</td><td>2</td><td>$7.50</td><td>$15.00</td>',
    )
    expect(markup).toContain(`<strong>#${order.number}</strong>`)
    expect(markup).toContain('<th colspan="3">Total</th><td>$35.20</td>')
    expect(markup).toContain('Ann Buyer<br>1 Main St<br>New York, US-NY, 10001<br>US')
  })

  it("returns a canceled order's units to stock and mails its buyer, when the merchant asks", async () => {
    const vase = await insertProduct(db(), {
      name: '<b>Vase</b>',
      price: 20,
      trackInventory: true,
      quantity: 5,
    })
    const quantity = async () =>
      (
        await db()
          .selectFrom('products')
          .select(['quantity', 'in_stock'])
          .where('id', '=', vase.id)
          .executeTakeFirstOrThrow()
      ).quantity
    const buyer = email('canceled')
    const restocked = await placeAsVisitor([storesLine(5, vase.id), storesLine(1, mug)], buyer)
    expect(await quantity()).toBe(0)
    const cancel = (id: string, body: Json) =>
      call(`/ecom/v1/orders/${id}/cancel`, platform.adminKey, { id, ...body })
    const canceled = await cancel(restocked, {
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry <3, the kiln broke',
    })
    expect(canceled.status).toBe(200)
    expect(await quantity()).toBe(5)
    const lines = canceled.body.order.lineItems as Json[]
    expect(lines.map((line) => line.restockQuantity)).toEqual([5, 1])
    // Asked again, nothing is restocked or mailed twice.
    await cancel(restocked, { restockAllItems: true, sendOrderCanceledEmail: true })
    expect(await quantity()).toBe(5)
    const mails = await db()
      .selectFrom('mail')
      .select(['kind', 'subject', 'text', 'html'])
      .where('to_address', '=', buyer)
      .where('kind', '=', 'ORDER_CANCELED')
      .execute()
    const { number } = canceled.body.order
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      subject: `Your order #${number} was canceled`,
      text: [
        `Your order #${number} was canceled.`,
        '',
        'Sorry <3, the kiln broke',
        '',
        '5 × <b>Vase</b>',
        '1 × Stoneware Mug',
      ].join('\n'),
    })
    expect(mails[0]!.html).toContain('<p>Sorry &lt;3, the kiln broke</p>')
    expect(mails[0]!.html).toContain('<li>5 × &lt;b&gt;Vase&lt;/b&gt;</li>')

    // Without the options: the stock stays sold and no mail goes.
    const kept = await placeAsVisitor([storesLine(2, vase.id)], buyer)
    const plain = await cancel(kept, {})
    expect(await quantity()).toBe(3)
    expect((plain.body.order.lineItems as Json[])[0]!.restockQuantity).toBe(0)
    const count = await db()
      .selectFrom('mail')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_address', '=', buyer)
      .where('kind', '=', 'ORDER_CANCELED')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  describe('fulfillments', () => {
    const list = (id: string, authorization?: string) =>
      call(`/ecom/v1/fulfillments/orders/${id}?orderId=${id}`, authorization)
    const create = (id: string, fulfillment: Json, authorization = platform.adminKey) =>
      call(`/ecom/v1/fulfillments/orders/${id}/create-fulfillment`, authorization, {
        orderId: id,
        fulfillment,
      })

    it('are created by elevated callers only, and listed by them or the member whose order it is', async () => {
      const buyer = email('fulfil-who')
      const shop = await member(buyer)
      const { id } = await placeOrder(shop, [storesLine(2, mug)], buyer)
      const { lineItems } = (await getOrder(id)).body.order
      const memberToken = shop.auth.getTokens().accessToken.value
      const other = await member(email('fulfil-other'))
      const otherToken = other.auth.getTokens().accessToken.value
      const visitorToken = (await shopper().auth.generateVisitorTokens()).accessToken.value
      const whole = { lineItems: [{ id: lineItems[0].id, quantity: 2 }] }

      for (const token of [memberToken, visitorToken]) {
        const refused = await create(id, whole, token)
        expect(refused.status).toBe(403)
        expect(refused.body).toEqual({ message: expect.any(String), details: {} })
      }
      expect((await create(id, whole, '')).status).toBe(401)
      expect((await list(id)).status).toBe(401)
      expect((await list(id, visitorToken)).status).toBe(403)
      const unknown = '00000000-0000-4000-8000-000000000000'
      const missing = await create(unknown, whole)
      expect(missing.status).toBe(404)
      expect(missing.body.details).toMatchObject({ applicationError: { code: 'ORDER_NOT_FOUND' } })
      // Another member is answered as for an order that does not exist.
      const notMine = await list(id, otherToken)
      const none = await list(unknown, otherToken)
      expect(notMine.status).toBe(404)
      expect(notMine.body).toEqual(JSON.parse(JSON.stringify(none.body).replaceAll(unknown, id)))

      expect((await list(id, memberToken)).body).toEqual({
        orderWithFulfillments: { orderId: id, fulfillments: [] },
      })
      const created = await create(id, whole)
      expect(created.status).toBe(200)
      const fulfillment = {
        id: created.body.fulfillmentId,
        createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lineItems: whole.lineItems,
      }
      expect(created.body.orderWithFulfillments).toEqual({
        orderId: id,
        fulfillments: [fulfillment],
      })
      for (const token of [memberToken, platform.adminKey])
        expect((await list(id, token)).body).toEqual({
          orderWithFulfillments: created.body.orderWithFulfillments,
        })
    })

    it("hold only what is left of the order's lines, and move its fulfillmentStatus on", async () => {
      const buyer = email('fulfil-bounds')
      const id = await placeAsVisitor(
        [storesLine(3, mug), storesLine(1, shirt, { Size: 'M' })],
        buyer,
      )
      const [mugLine, shirtLine] = (await getOrder(id)).body.order.lineItems as Json[]
      const violations = async (fulfillment: Json) => {
        const refused = await create(id, fulfillment)
        expect(refused.status, JSON.stringify(refused.body)).toBe(400)
        return (refused.body.details.validationError.fieldViolations as Json[]).map(
          (violation) => violation.field,
        )
      }
      expect(await violations({ lineItems: [{ id: 'nope', quantity: 1 }] })).toEqual([
        'fulfillment.lineItems[0].id',
      ])
      expect(
        await violations({
          lineItems: [
            { id: mugLine!.id, quantity: 4 },
            { id: shirtLine!.id, quantity: 1 },
            { id: shirtLine!.id, quantity: 1 },
          ],
        }),
      ).toEqual(['fulfillment.lineItems[0].quantity', 'fulfillment.lineItems[2].id'])
      const one = [{ id: mugLine!.id, quantity: 1 }]
      for (const fulfillment of [
        { lineItems: [] },
        { lineItems: [{ id: mugLine!.id, quantity: 0 }] },
        { lineItems: one, trackingInfo: { trackingNumber: 'x'.repeat(101) } },
        { lineItems: one, trackingInfo: { trackingLink: 'javascript:alert(1)' } },
        { lineItems: one, trackingInfo: { carrier: 'ups' } },
        { lineItems: one, price: 1 },
      ])
        expect((await create(id, fulfillment)).status).toBe(400)
      expect((await getOrder(id)).body.order.fulfillmentStatus).toBe('NOT_FULFILLED')

      const tracked = {
        lineItems: [{ id: mugLine!.id, quantity: 2 }],
        trackingInfo: {
          trackingNumber: '1Z999',
          shippingProvider: 'ups',
          trackingLink: 'https://track.example/1Z999',
        },
      }
      expect((await create(id, tracked)).status).toBe(200)
      const partly = (await getOrder(id)).body.order
      expect(partly.fulfillmentStatus).toBe('PARTIALLY_FULFILLED')
      const mine = { 'buyerInfo.email': buyer }
      const n = Number(partly.number)
      expect(
        await numbers({
          search: { filter: { ...mine, fulfillmentStatus: 'PARTIALLY_FULFILLED' } },
        }),
      ).toEqual([n])
      expect(await violations({ lineItems: [{ id: mugLine!.id, quantity: 2 }] })).toEqual([
        'fulfillment.lineItems[0].quantity',
      ])
      // Without a quantity, all that is left of the line.
      const rest = await create(id, { lineItems: [{ id: mugLine!.id }, { id: shirtLine!.id }] })
      expect(rest.status).toBe(200)
      expect(rest.body.orderWithFulfillments.fulfillments.map((f: Json) => f.lineItems)).toEqual([
        tracked.lineItems,
        [
          { id: mugLine!.id, quantity: 1 },
          { id: shirtLine!.id, quantity: 1 },
        ],
      ])
      expect(rest.body.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual(
        tracked.trackingInfo,
      )
      const done = (await getOrder(id)).body.order
      expect(done.fulfillmentStatus).toBe('FULFILLED')
      expect(done.updatedDate > partly.updatedDate).toBe(true)
      expect(
        await numbers({ search: { filter: { ...mine, fulfillmentStatus: 'FULFILLED' } } }),
      ).toEqual([n])
      expect(await violations({ lineItems: [{ id: shirtLine!.id }] })).toEqual([
        'fulfillment.lineItems[0].quantity',
      ])

      // An order with nothing to ship was fulfilled when placed, and stays so.
      const digital = await placeAsVisitor([storesLine(2, ebook)], buyer)
      const ebookLine = (await getOrder(digital)).body.order.lineItems[0].id
      expect((await create(digital, { lineItems: [{ id: ebookLine, quantity: 1 }] })).status).toBe(
        200,
      )
      expect((await getOrder(digital)).body.order.fulfillmentStatus).toBe('FULFILLED')
    })

    it('emit order_fulfilled when the status moves and fulfillments_updated each time', async () => {
      const types = ['wix.ecom.v1.order_fulfilled', 'wix.ecom.v1.fulfillments_updated']
      await withWebhook(types, async ({ receiver, received }) => {
        const id = await placeAsVisitor([storesLine(2, mug)], email('fulfil-events'))
        const line = (await getOrder(id)).body.order.lineItems[0].id
        const first = await create(id, { lineItems: [{ id: line, quantity: 1 }] })
        await eventually(() => receiver.requests.length === 2)
        const partly = (await getOrder(id)).body.order
        const events = await received()
        expect(events.find((e) => e.type === types[0])!.payload).toMatchObject({
          entityFqdn: 'wix.ecom.v1.order',
          slug: 'fulfilled',
          entityId: id,
          actionEvent: {
            body: {
              order: partly,
              previousFulfillmentStatus: 'NOT_FULFILLED',
              newFulfillmentStatus: 'PARTIALLY_FULFILLED',
              action: 'CREATED',
            },
          },
        })
        expect(events.find((e) => e.type === types[1])!.payload).toMatchObject({
          entityFqdn: 'wix.ecom.v1.fulfillments',
          slug: 'updated',
          entityId: id,
          updatedEvent: { currentEntity: first.body.orderWithFulfillments },
        })
        await create(id, { lineItems: [{ id: line }] })
        await eventually(() => receiver.requests.length === 4)
        const statuses = (await received())
          .filter((e) => e.type === types[0])
          .map((e) => e.payload.actionEvent.body.newFulfillmentStatus)
          .sort()
        expect(statuses).toEqual(['FULFILLED', 'PARTIALLY_FULFILLED'])
      })
    })

    it("serve the client's orderFulfillments module", async () => {
      const buyer = email('fulfil-client')
      const shop = await member(buyer)
      const { id } = await placeOrder(shop, [storesLine(2, mug)], buyer)
      const admin = createClient({
        modules: { orders, orderFulfillments },
        auth: ApiKeyStrategy({ apiKey: platform.adminKey }),
        baseUrl: platform.baseUrl,
      })
      const order = await admin.orders.getOrder(id)
      const created = await admin.orderFulfillments.createFulfillment(id, {
        lineItems: order.lineItems!.map((line) => ({ id: line.id!, quantity: 1 })),
        trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
      })
      expect(created.fulfillmentId).toEqual(expect.any(String))
      expect(created.orderWithFulfillments.fulfillments[0]!.createdDate).toBeInstanceOf(Date)
      expect((await admin.orders.getOrder(id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED')
      const asMember = createClient({
        modules: { orderFulfillments },
        auth: shop.auth,
        baseUrl: platform.baseUrl,
      })
      const listed = await asMember.orderFulfillments.listFulfillmentsForSingleOrder(id)
      expect(listed.orderWithFulfillments).toEqual(created.orderWithFulfillments)
    })
  })
})
