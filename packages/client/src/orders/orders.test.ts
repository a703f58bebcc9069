import { describe, expect, it } from 'vitest'
import type { AuthStrategy } from '../auth/strategy.js'
import { toDate, toFloat } from '../codec/convert.js'
import { createClient } from '../client/create-client.js'
import { ElevatedClientRequiredError } from '../client/elevated.js'
import { isApiError } from '../errors/api-error.js'
import type { Codec, Convert } from '../http/endpoint.js'
import { spyFetch, type Recorded } from '../test-support/spy-fetch.js'
import { orderFulfillments } from './order-fulfillments.js'
import { orderCodecs, orders } from './orders.js'

type Reply = { status?: number; body?: unknown; statusText?: string }

const KEY: AuthStrategy = {
  elevated: true,
  getAuthHeaders: () => ({ headers: { Authorization: 'KEY' } }),
}
const VISITOR: AuthStrategy = { getAuthHeaders: () => ({ headers: { Authorization: 'TOKEN' } }) }

function setup(
  responder: (request: Recorded, index: number) => Reply = () => ({ body: {} }),
  auth: AuthStrategy = KEY,
) {
  const spy = spyFetch(responder)
  const client = createClient({
    modules: { orders, orderFulfillments },
    auth,
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, client }
}

const ISO = '2026-03-04T05:06:07.000Z'
const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` })
const geo = { latitude: 'NaN', longitude: 2.35 }

/** An order as the wire carries it: every path of wire-orders-members §1.3 filled. */
const wireOrder = () => ({
  id: 'o1',
  number: '10001',
  createdDate: ISO,
  updatedDate: ISO,
  purchasedDate: ISO,
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  buyerInfo: { email: 'ada@example.com', memberId: 'm1' },
  currency: 'EUR',
  taxIncludedInPrices: true,
  weightUnit: 'KG',
  lineItems: [
    {
      id: 'li1',
      productName: { original: 'Mug' },
      catalogReference: { catalogItemId: 'p1', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
      quantity: 2,
      price: money('12.50'),
      totalPriceAfterTax: money('25.00'),
      image: {
        id: 'img1',
        url: 'https://static.test/img1',
        width: 800,
        height: 600,
        altText: 'mug.jpg',
      },
      physicalProperties: { weight: 'Infinity', shippable: true },
      digitalFile: { expirationDate: ISO },
      subscriptionInfo: { subscriptionSettings: { startDate: ISO } },
      serviceProperties: { scheduledDate: ISO, endDate: ISO },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      itemType: { preset: 'PHYSICAL' },
    },
  ],
  priceSummary: { subtotal: money('25.00'), total: money('29.90') },
  billingInfo: {
    address: { addressLine: '1 Main St', geocode: geo },
    contactDetails: { firstName: 'Ada' },
  },
  recipientInfo: { address: { city: 'Paris', geocode: geo } },
  shippingInfo: {
    title: 'Standard',
    logistics: {
      shippingDestination: { address: { country: 'FR', geocode: geo } },
      pickupDetails: { address: { geocode: geo }, pickupMethod: 'STORE_PICKUP' },
      deliverByDate: ISO,
      deliveryTimeSlot: { from: ISO, to: ISO },
    },
    cost: { price: money('4.90') },
  },
  channelInfo: { type: 'WEB' },
  activities: [{ type: 'ORDER_PLACED', createdDate: ISO }],
})

const pathsOf = (codecs: readonly Codec[], convert: Convert) =>
  codecs.filter(([c]) => c === convert).flatMap(([, paths]) => paths)

describe('orders: requests (wire-orders-members §1.1)', () => {
  it('getOrder: GET /ecom/v1/orders/{id}?id=…, raw Authorization, no body, unwrapped', async () => {
    const { spy, client } = setup(() => ({ body: { order: wireOrder() } }))
    const order = await client.orders.getOrder('o1')
    expect(spy.last).toMatchObject({
      method: 'GET',
      path: '/ecom/v1/orders/o1',
      query: { id: 'o1' },
      body: undefined,
    })
    expect(spy.last.headers.authorization).toBe('KEY')
    expect(spy.last.headers['content-type']).toBeUndefined()
    expect(order.number).toBe('10001')
  })

  it('searchOrders with a search object: POST {search} as given, resolves with the whole response', async () => {
    const response = {
      orders: [wireOrder()],
      metadata: { count: 1, cursors: { next: 'c2' }, hasNext: true },
    }
    const { spy, client } = setup(() => ({ body: response }))
    // The request the facts file observed from the official client.
    const search = {
      filter: { status: { $in: ['APPROVED'] }, 'buyerInfo.memberId': 'm1', id: { $ne: 'x' } },
      sort: [{ fieldName: 'createdDate', order: 'DESC' as const }],
      cursorPaging: { limit: 10 },
    }
    const result = await client.orders.searchOrders(search)
    expect(spy.last.method).toBe('POST')
    expect(spy.last.path).toBe('/ecom/v1/orders/search')
    expect(spy.last.url.search).toBe('')
    expect(spy.last.headers['content-type']).toBe('application/json')
    expect(JSON.stringify(spy.last.body)).toBe(
      '{"search":{"filter":{"status":{"$in":["APPROVED"]},"buyerInfo.memberId":"m1","id":{"$ne":"x"}},"sort":[{"fieldName":"createdDate","order":"DESC"}],"cursorPaging":{"limit":10}}}',
    )
    expect(result.metadata).toEqual({ count: 1, cursors: { next: 'c2' }, hasNext: true })
    expect(result.orders[0]!.createdDate).toEqual(new Date(ISO))
  })

  it('searchOrders with an empty search object sends {search:{}}', async () => {
    const { spy, client } = setup(() => ({ body: { orders: [] } }))
    await client.orders.searchOrders({})
    expect(spy.last.body).toEqual({ search: {} })
  })

  it('cancelOrder: POST /ecom/v1/orders/{id}/cancel with {id, …options}', async () => {
    const { spy, client } = setup(() => ({
      body: { order: { ...wireOrder(), status: 'CANCELED' } },
    }))
    const { order } = await client.orders.cancelOrder('o1', {
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry',
      restockAllItems: true,
    })
    expect(spy.last).toMatchObject({ method: 'POST', path: '/ecom/v1/orders/o1/cancel', query: {} })
    expect(spy.last.body).toEqual({
      id: 'o1',
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry',
      restockAllItems: true,
    })
    expect(order.status).toBe('CANCELED')
    expect(order.updatedDate).toBeInstanceOf(Date)
    await client.orders.cancelOrder('o2')
    expect(spy.last.body).toEqual({ id: 'o2' })
  })

  it('listFulfillmentsForSingleOrder: GET /ecom/v1/fulfillments/orders/{orderId}?orderId=…', async () => {
    const { spy, client } = setup(() => ({
      body: {
        orderWithFulfillments: {
          orderId: 'o1',
          fulfillments: [{ id: 'f1', createdDate: ISO, lineItems: [{ id: 'li1', quantity: 2 }] }],
        },
      },
    }))
    const { orderWithFulfillments } =
      await client.orderFulfillments.listFulfillmentsForSingleOrder('o1')
    expect(spy.last).toMatchObject({
      method: 'GET',
      path: '/ecom/v1/fulfillments/orders/o1',
      query: { orderId: 'o1' },
      body: undefined,
    })
    expect(orderWithFulfillments.fulfillments[0]!.createdDate).toEqual(new Date(ISO))
  })

  it('createFulfillment: POST …/orders/{orderId}/create-fulfillment with {orderId, fulfillment}', async () => {
    const { spy, client } = setup(() => ({
      body: {
        fulfillmentId: 'f1',
        orderWithFulfillments: { orderId: 'o1', fulfillments: [{ id: 'f1', createdDate: ISO }] },
      },
    }))
    const fulfillment = {
      lineItems: [{ id: 'li1', quantity: 2 }],
      trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
    }
    const result = await client.orderFulfillments.createFulfillment('o1', fulfillment)
    expect(spy.last).toMatchObject({
      method: 'POST',
      path: '/ecom/v1/fulfillments/orders/o1/create-fulfillment',
      query: {},
    })
    expect(spy.last.body).toEqual({ orderId: 'o1', fulfillment })
    expect(result.fulfillmentId).toBe('f1')
    expect(result.orderWithFulfillments.fulfillments[0]!.createdDate).toBeInstanceOf(Date)
  })

  it('sends a path parameter URL-encoded in the path and as it is in the query', async () => {
    const { spy, client } = setup(() => ({ body: { order: wireOrder() } }))
    await client.orders.getOrder('a/b?c')
    expect(spy.last.url.pathname).toBe('/ecom/v1/orders/a%2Fb%3Fc')
    expect(spy.last.query).toEqual({ id: 'a/b?c' })
  })
})

describe('orders: the search builder and its cursor pages', () => {
  const page = (ids: string[], metadata: object) => ({
    body: { orders: ids.map((id) => ({ ...wireOrder(), id })), metadata },
  })

  it('sends the builder as {search:{filter, sort, cursorPaging:{limit}}}', async () => {
    const { spy, client } = setup(() => page([], {}))
    await client.orders
      .searchOrders()
      .eq('buyerInfo.memberId', 'm1')
      .in('status', ['APPROVED', 'PENDING'])
      .ne('id', 'x')
      .descending('createdDate')
      .limit(10)
      .find()
    expect(JSON.stringify(spy.last.body)).toBe(
      '{"search":{"filter":{"buyerInfo.memberId":"m1","status":{"$in":["APPROVED","PENDING"]},"id":{"$ne":"x"}},"sort":[{"fieldName":"createdDate","order":"DESC"}],"cursorPaging":{"limit":10}}}',
    )
  })

  it('sends the same request as the search object that says the same', async () => {
    const { spy, client } = setup(() => page([], {}))
    const built = client.orders
      .searchOrders()
      .eq('paymentStatus', 'PAID')
      .startsWith('buyerInfo.email', 'ada')
      .ascending('number')
    await built.find()
    const fromBuilder = spy.last.body
    await client.orders.searchOrders(built.search)
    expect(spy.last.body).toEqual(fromBuilder)
    expect(built.search).toEqual({
      filter: { paymentStatus: 'PAID', 'buyerInfo.email': { $startsWith: 'ada' } },
      sort: [{ fieldName: 'number', order: 'ASC' }],
      cursorPaging: { limit: 50 },
    })
  })

  it('asks for the next and previous pages by cursor alone, keeping the page size', async () => {
    const { spy, client } = setup((_, index) =>
      index === 0
        ? page(['o1', 'o2'], { count: 2, cursors: { next: 'c2' }, hasNext: true })
        : page(['o3'], { count: 1, cursors: { prev: 'c1' }, hasNext: false }),
    )
    const first = await client.orders.searchOrders().eq('paymentStatus', 'PAID').limit(2).find()
    expect(first).toMatchObject({ length: 2, pageSize: 2, cursors: { next: 'c2' } })
    expect(first.items.map((o) => o.id)).toEqual(['o1', 'o2'])
    expect(first.items[0]!.createdDate).toBeInstanceOf(Date)
    expect(first.hasNext()).toBe(true)
    expect(first.hasPrev()).toBe(false)

    const second = await first.next()
    expect(spy.last.body).toEqual({ search: { cursorPaging: { limit: 2, cursor: 'c2' } } })
    expect(second.items.map((o) => o.id)).toEqual(['o3'])
    expect(second.hasNext()).toBe(false)
    expect(second.hasPrev()).toBe(true)

    await second.prev()
    expect(spy.last.body).toEqual({ search: { cursorPaging: { limit: 2, cursor: 'c1' } } })
    expect(spy.requests).toHaveLength(3)
  })

  it('rejects next() on the last page and prev() on the first with a RangeError, sending nothing', async () => {
    const { spy, client } = setup(() => page(['o1'], { count: 1, cursors: {}, hasNext: false }))
    const only = await client.orders.searchOrders().find()
    await expect(only.next()).rejects.toThrow(RangeError)
    await expect(only.prev()).rejects.toThrow(RangeError)
    expect(spy.requests).toHaveLength(1)
  })

  it('reads hasNext from the next cursor when metadata has no hasNext', async () => {
    const { client } = setup(() => page(['o1'], { cursors: { next: 'c2' } }))
    expect((await client.orders.searchOrders().find()).hasNext()).toBe(true)
    const { client: bare } = setup(() => ({ body: {} }))
    const empty = await bare.orders.searchOrders().find()
    expect(empty).toMatchObject({ items: [], length: 0, cursors: {} })
    expect(empty.hasNext()).toBe(false)
  })

  it('walks every order of every page with for await', async () => {
    const { spy, client } = setup(
      (_, index) =>
        [
          page(['o1', 'o2'], { cursors: { next: 'c2' }, hasNext: true }),
          page(['o3', 'o4'], { cursors: { next: 'c3', prev: 'c1' }, hasNext: true }),
          page(['o5'], { cursors: { prev: 'c2' }, hasNext: false }),
        ][index]!,
    )
    const ids: string[] = []
    for await (const order of client.orders.searchOrders().limit(2)) ids.push(order.id)
    expect(ids).toEqual(['o1', 'o2', 'o3', 'o4', 'o5'])
    expect(spy.requests.map((r) => (r.body as any).search.cursorPaging)).toEqual([
      { limit: 2 },
      { limit: 2, cursor: 'c2' },
      { limit: 2, cursor: 'c3' },
    ])
  })

  it('combines builders with and / or / not, as the query builder does', async () => {
    const { client } = setup()
    const paid = client.orders.searchOrders().eq('paymentStatus', 'PAID')
    const fulfilled = client.orders.searchOrders().eq('fulfillmentStatus', 'FULFILLED')
    expect(paid.or(fulfilled).search.filter).toEqual({
      $or: [{ paymentStatus: 'PAID' }, { fulfillmentStatus: 'FULFILLED' }],
    })
    expect(paid.not(fulfilled).search.filter).toEqual({
      paymentStatus: 'PAID',
      $not: { fulfillmentStatus: 'FULFILLED' },
    })
    expect(paid.ge('createdDate', new Date(ISO)).lt('createdDate', '2027').search.filter).toEqual({
      paymentStatus: 'PAID',
      createdDate: { $gte: new Date(ISO), $lt: '2027' },
    })
  })
})

describe('orders: response codecs (wire-orders-members §1.3)', () => {
  it('lists every date and float path of §1.3, under order. and orders.', () => {
    const dates = [
      'createdDate',
      'updatedDate',
      'purchasedDate',
      'lineItems.image.urlExpirationDate',
      'lineItems.digitalFile.expirationDate',
      'lineItems.subscriptionInfo.subscriptionSettings.startDate',
      'lineItems.serviceProperties.scheduledDate',
      'lineItems.serviceProperties.endDate',
      'shippingInfo.logistics.deliverByDate',
      'shippingInfo.logistics.deliveryTimeSlot.from',
      'shippingInfo.logistics.deliveryTimeSlot.to',
      'activities.createdDate',
    ]
    const addresses = [
      'billingInfo.address',
      'shippingInfo.logistics.shippingDestination.address',
      'shippingInfo.logistics.pickupDetails.address',
      'recipientInfo.address',
    ]
    const floats = [
      'lineItems.image.focalPoint.x',
      'lineItems.image.focalPoint.y',
      'lineItems.physicalProperties.weight',
      ...addresses.flatMap((a) => [`${a}.geocode.latitude`, `${a}.geocode.longitude`]),
    ]
    for (const prefix of ['order.', 'orders.'] as const) {
      const codecs = orderCodecs(prefix)
      expect([...pathsOf(codecs, toDate)].sort()).toEqual(dates.map((p) => prefix + p).sort())
      expect([...pathsOf(codecs, toFloat)].sort()).toEqual(floats.map((p) => prefix + p).sort())
    }
  })

  it('decodes dates, non-finite floats and line-item images; money stays decimal strings', async () => {
    const { client } = setup(() => ({ body: { order: wireOrder() } }))
    const order = await client.orders.getOrder('o1')
    const date = new Date(ISO)
    expect(order).toMatchObject({ createdDate: date, updatedDate: date, purchasedDate: date })
    const item = order.lineItems[0]!
    expect(item.image).toBe('wix:image://v1/img1/mug.jpg#originWidth=800&originHeight=600')
    expect(item.physicalProperties?.weight).toBe(Infinity)
    expect(item.serviceProperties).toEqual({ scheduledDate: date, endDate: date })
    expect(item.digitalFile).toEqual({ expirationDate: date })
    expect(item.subscriptionInfo).toEqual({ subscriptionSettings: { startDate: date } })
    expect(item.price).toEqual({ amount: '12.50', formattedAmount: '€12.50' })
    expect(order.priceSummary?.total).toEqual({ amount: '29.90', formattedAmount: '€29.90' })
    expect(order.shippingInfo?.logistics).toMatchObject({
      deliverByDate: date,
      deliveryTimeSlot: { from: date, to: date },
    })
    expect(order.activities?.[0]?.createdDate).toEqual(date)
  })

  it('decodes the geocode of all four addresses and keeps the wire names of an address', async () => {
    const { client } = setup(() => ({ body: { orders: [wireOrder()] } }))
    const {
      orders: [order],
    } = await client.orders.searchOrders({})
    const decoded = { latitude: NaN, longitude: 2.35 }
    expect(order!.billingInfo?.address).toEqual({ addressLine: '1 Main St', geocode: decoded })
    expect(order!.recipientInfo?.address?.geocode).toEqual(decoded)
    expect(order!.shippingInfo?.logistics?.shippingDestination?.address?.geocode).toEqual(decoded)
    expect(order!.shippingInfo?.logistics?.pickupDetails?.address?.geocode).toEqual(decoded)
  })
})

describe('orders: who may call, and errors', () => {
  it('retries a search (a read) on 503, and never a cancel (a write)', async () => {
    const { spy, client } = setup((_, index) =>
      index === 0 ? { status: 503, body: {} } : { body: { orders: [] } },
    )
    await expect(client.orders.searchOrders({})).resolves.toEqual({ orders: [] })
    expect(spy.requests).toHaveLength(2)
    const { spy: once, client: other } = setup(() => ({ status: 503, body: {} }))
    await expect(other.orders.cancelOrder('o1')).rejects.toMatchObject({ status: 503 })
    expect(once.requests).toHaveLength(1)
  })

  it('through a client that is not elevated, order calls and createFulfillment reject before any request', async () => {
    const { spy, client } = setup(() => ({ body: {} }), VISITOR)
    for (const call of [
      () => client.orders.getOrder('o1'),
      () => client.orders.searchOrders({}),
      () => client.orders.cancelOrder('o1'),
      () => client.orderFulfillments.createFulfillment('o1', {}),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(ElevatedClientRequiredError)
    }
    // The builder is made (nothing is sent to make it); sending it rejects.
    const builder = client.orders.searchOrders().eq('paymentStatus', 'PAID')
    await expect(builder.find()).rejects.toBeInstanceOf(ElevatedClientRequiredError)
    expect(spy.requests).toHaveLength(0)
  })

  it("lets a member list an order's fulfillments (the provider allows members)", async () => {
    const { spy, client } = setup(
      () => ({ body: { orderWithFulfillments: { orderId: 'o1', fulfillments: [] } } }),
      VISITOR,
    )
    await client.orderFulfillments.listFulfillmentsForSingleOrder('o1')
    expect(spy.last.headers.authorization).toBe('TOKEN')
  })

  it('a 404 ORDER_NOT_FOUND is an application ApiError with its code and request id', async () => {
    const { client } = setup(() => ({
      status: 404,
      statusText: 'Not Found',
      body: {
        message: 'Order not found',
        details: { applicationError: { code: 'ORDER_NOT_FOUND', description: 'No order o9' } },
      },
    }))
    const error = await client.orders.getOrder('o9').catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({
      kind: 'application',
      status: 404,
      code: 'ORDER_NOT_FOUND',
      message: 'Order not found: No order o9',
    })
  })

  it('a 403 is a client ApiError (PERMISSION_DENIED in the provider format, FORBIDDEN without)', async () => {
    const { client } = setup(() => ({
      status: 403,
      statusText: 'Forbidden',
      body: {
        message: 'Permission denied',
        details: {
          applicationError: { code: 'PERMISSION_DENIED', description: 'ECOM.READ_ORDERS' },
        },
      },
    }))
    await expect(client.orders.searchOrders().find()).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'application',
      status: 403,
      code: 'PERMISSION_DENIED',
    })
    const { client: bare } = setup(() => ({ status: 403, statusText: 'Forbidden', body: {} }))
    await expect(bare.orders.cancelOrder('o1')).rejects.toMatchObject({
      kind: 'client',
      status: 403,
      code: 'FORBIDDEN',
    })
  })
})

describe("orders: the official client's names", () => {
  it.each([
    [
      '`_id` as a filter key',
      (c: any) => c.orders.searchOrders({ filter: { _id: { $ne: 'x' } } }),
      '`search.filter._id`',
    ],
    [
      '`_id` in a dotted filter key',
      (c: any) => c.orders.searchOrders().eq('businessLocation._id', 'l1').find(),
      "`search.filter.businessLocation._id`: `_id` is the official client's name",
    ],
    [
      '`_createdDate` as a sort field',
      (c: any) => c.orders.searchOrders().ascending('_createdDate').find(),
      'use `createdDate`',
    ],
    [
      '`_id` of a fulfillment line item',
      (c: any) => c.orderFulfillments.createFulfillment('o1', { lineItems: [{ _id: 'li1' }] }),
      '`fulfillment.lineItems.0._id`',
    ],
  ])(
    'refuses %s with a TypeError naming the field, and sends nothing',
    async (_, call, message) => {
      const { spy, client } = setup()
      const result = call(client)
      await expect(result).rejects.toThrow(TypeError)
      await expect(result).rejects.toThrow(message)
      expect(spy.requests).toHaveLength(0)
    },
  )
})
