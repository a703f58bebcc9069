import { ApiKeyStrategy, createClient, orderFulfillments, orders } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import type { OrderHistoryPage, OrderView, ShipmentView } from '../orders/order-view'
import { newShopper, startShopPlatform, throughShop } from './shop-test-kit'

/*
 * The order pages' server loaders against a real platform: a shopper sees an order only when the
 * request's tokens are its buyer's — a visitor's own thank-you page, a member's own history and
 * order pages — and "Order not found" (404) for anyone else's or a made-up id, alike.
 */

type Loader = Parameters<typeof throughShop>[0]

/** What a loader answers `request` with: its status and data (a redirect's `location`). */
async function answer(loader: Loader, request: Request, params: Record<string, string> = {}) {
  try {
    const result: any = (await throughShop(loader, request, params)).answer
    // `data(…, { status })`, or the data alone.
    return 'init' in result && 'data' in result
      ? { status: result.init?.status ?? 200, data: result.data }
      : { status: 200, data: result }
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get('location') }
    const { data, init } = thrown as { data: unknown; init?: ResponseInit }
    if (!init?.status) throw thrown
    return { status: init.status, data: data as any }
  }
}

let platform: TestPlatform
let thankYou: Loader
let account: Loader
let orderPage: Loader
let seq = 0
const email = (who: string) => `${who}-${++seq}-${Date.now()}@example.com`

/** The order pages' loaders of a shop server started now (the settings are read at start). */
async function startShop() {
  vi.resetModules()
  thankYou = (await import('../pages/thank-you-page')).loader
  account = (await import('../account/account-page')).loader
  orderPage = (await import('../account/order-page')).loader
}

beforeAll(async () => {
  platform = await startShopPlatform()
  await startShop()
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await platform?.close()
})

describe('the thank-you page', () => {
  it('shows a member their order: number, items, totals, address and delivery', async () => {
    const ann = newShopper(platform)
    await ann.register(email('ann'))
    const id = await ann.buy('pour-over-coffee-set', 'ann@example.com')

    const { status, data } = await answer(thankYou, await ann.request(`/thank-you?orderId=${id}`))
    expect(status).toBe(200)
    const order = data.order as OrderView
    expect(order.number).toMatch(/^\d+$/)
    expect(order.number).not.toBe(id)
    expect(order.lines).toEqual([
      expect.objectContaining({ name: 'Pour-Over Coffee Set', quantity: 1 }),
    ])
    expect(order.lines[0]!.price).toMatch(/^\$\d+\.\d\d$/)
    // The items add up to the subtotal; shipping and tax come after.
    expect(order.lines[0]!.total).toBe(order.totals.subtotal)
    expect(order.totals).toMatchObject({ total: expect.stringMatching(/^\$/) })
    expect(order.shipTo).toEqual(['Ann Buyer', '1 Main St', 'New York, NY 10001', 'United States'])
    expect(order.delivery?.title).toMatch(/Standard/)
    // Only what the page shows: no buyer or catalog ids.
    expect(JSON.stringify(data)).not.toMatch(/memberId|visitorId|catalogItemId/)
  })

  it('shows visitor A their order, and visitor B "not found" for it', async () => {
    const a = newShopper(platform)
    const b = newShopper(platform)
    const id = await a.buy('pour-over-coffee-set', 'a@example.com')
    await b.buy('pour-over-coffee-set', 'b@example.com')

    const own = await answer(thankYou, await a.request(`/thank-you?orderId=${id}`))
    expect(own.status).toBe(200)
    expect((own.data.order as OrderView).id).toBe(id)
    expect(await answer(thankYou, await b.request(`/thank-you?orderId=${id}`))).toEqual({
      status: 404,
      data: { what: 'order' },
    })
    // Once A registers, the order stays the visitor's: the member is someone else.
    await a.register(email('a'))
    expect(await answer(thankYou, await a.request(`/thank-you?orderId=${id}`))).toEqual({
      status: 404,
      data: { what: 'order' },
    })
  })

  it('answers "not found" alike for someone else’s order and a made-up one', async () => {
    const ann = newShopper(platform)
    await ann.register(email('ann'))
    const id = await ann.buy('pour-over-coffee-set', 'ann@example.com')
    const bob = newShopper(platform)
    await bob.register(email('bob'))
    const visitor = newShopper(platform)

    const refusals = [
      await answer(thankYou, await bob.request(`/thank-you?orderId=${id}`)),
      await answer(thankYou, await visitor.request(`/thank-you?orderId=${id}`)),
      await answer(thankYou, new Request(`http://127.0.0.1:4173/thank-you?orderId=${id}`)),
      await answer(thankYou, await ann.request('/thank-you?orderId=not-a-real-order')),
      await answer(thankYou, await ann.request(`/thank-you?orderId=${crypto.randomUUID()}`)),
      await answer(thankYou, await ann.request('/thank-you')),
    ]
    expect(refusals).toEqual(Array(6).fill({ status: 404, data: { what: 'order' } }))
  })
})

describe('a member’s orders', () => {
  it('lists only their own, newest first, paged; their order’s page has its shipments', async () => {
    const ann = newShopper(platform)
    const annEmail = email('ann')
    // Bought as a visitor before registering: not the member's (the provider keys by member id).
    const asVisitor = await ann.buy('pour-over-coffee-set', annEmail)
    await ann.register(annEmail)
    const bob = newShopper(platform)
    await bob.register(email('bob'))
    const bobs = await bob.buy('pour-over-coffee-set', 'bob@example.com')
    const anns: string[] = []
    for (let i = 0; i < 11; i++) anns.unshift(await ann.buy('pour-over-coffee-set', annEmail))

    const first = await answer(account, await ann.request('/account'))
    expect(first.status).toBe(200)
    expect(first.data.member).toMatchObject({ email: annEmail })
    const page1 = first.data.history as OrderHistoryPage
    expect(page1.orders.map((order) => order.id)).toEqual(anns.slice(0, 10))
    expect(page1.next).toBeTruthy()
    const second = await answer(
      account,
      await ann.request(`/account?cursor=${encodeURIComponent(page1.next!)}`),
    )
    const page2 = second.data.history as OrderHistoryPage
    expect(page2.orders.map((order) => order.id)).toEqual(anns.slice(10))
    expect(page2.next).toBeUndefined()
    expect([...page1.orders, ...page2.orders].map((order) => order.id)).not.toContain(asVisitor)
    expect([...page1.orders, ...page2.orders].map((order) => order.id)).not.toContain(bobs)

    // Bob's page of the same search (a cursor carries it) is refused, not shown.
    const bobsHistory = await answer(account, await bob.request('/account'))
    expect((bobsHistory.data.history as OrderHistoryPage).orders.map((o) => o.id)).toEqual([bobs])
    expect(
      await answer(
        account,
        await bob.request(`/account?cursor=${encodeURIComponent(page1.next!)}`),
      ),
    ).toEqual({ status: 404, data: { what: 'page' } })

    // The order's page: its statuses and shipments, for Ann only.
    const own = await answer(orderPage, await ann.request(`/account/orders/${anns[0]}`), {
      id: anns[0]!,
    })
    expect(own.status).toBe(200)
    expect(own.data.found.order).toMatchObject({
      id: anns[0],
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
    })
    expect(own.data.found.shipments as ShipmentView[]).toEqual([])

    // Once the merchant ships it, the page says when, what and how to track it.
    const admin = createClient({
      modules: { orders, orderFulfillments },
      auth: ApiKeyStrategy({ apiKey: platform.adminKey }),
      baseUrl: platform.baseUrl,
    })
    const shipped = await admin.orders.getOrder(anns[0]!)
    await admin.orderFulfillments.createFulfillment(anns[0]!, {
      lineItems: shipped.lineItems.map(({ id, quantity }) => ({ id, quantity })),
      trackingInfo: {
        trackingNumber: '1Z999',
        shippingProvider: 'UPS',
        trackingLink: 'https://ups.example/1Z999',
      },
    })
    const after = await answer(orderPage, await ann.request(`/account/orders/${anns[0]}`), {
      id: anns[0]!,
    })
    expect(after.data.found.order.fulfillmentStatus).toBe('FULFILLED')
    expect(after.data.found.shipments).toEqual([
      {
        id: expect.any(String),
        date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
        items: 1,
        carrier: 'UPS',
        trackingNumber: '1Z999',
        trackingLink: 'https://ups.example/1Z999',
      },
    ])
    for (const [who, id] of [
      [bob, anns[0]!],
      [ann, bobs],
      [ann, asVisitor],
      [ann, 'made-up'],
    ] as const)
      expect(await answer(orderPage, await who.request(`/account/orders/${id}`), { id })).toEqual({
        status: 404,
        data: { what: 'order' },
      })
  })

  it('sends a visitor to log in', async () => {
    const visitor = newShopper(platform)
    expect(await answer(account, await visitor.request('/account'))).toMatchObject({
      status: 302,
      location: '/login',
    })
    expect(
      await answer(orderPage, await visitor.request('/account/orders/x'), { id: 'x' }),
    ).toMatchObject({ status: 302, location: '/login' })
  })
})

describe('without a key the platform takes', () => {
  it.each([
    ['no key', ''],
    ['a refused key', 'not-the-admin-key'],
  ])('(%s) the order pages say that the shop cannot show orders', async (_, key) => {
    const ann = newShopper(platform)
    await ann.register(email('ann'))
    const id = await ann.buy('pour-over-coffee-set', 'ann@example.com')
    vi.stubEnv('STOREFRONT_API_KEY', key)
    await startShop()
    try {
      expect(await answer(thankYou, await ann.request(`/thank-you?orderId=${id}`))).toEqual({
        status: 503,
        data: { order: undefined },
      })
      const history = await answer(account, await ann.request('/account'))
      expect(history.status).toBe(200)
      expect(history.data.history).toBeUndefined()
      expect(
        await answer(orderPage, await ann.request(`/account/orders/${id}`), { id }),
      ).toMatchObject({ status: 503, data: { found: undefined } })
    } finally {
      vi.stubEnv('STOREFRONT_API_KEY', platform.adminKey)
      await startShop()
    }
  })
})
