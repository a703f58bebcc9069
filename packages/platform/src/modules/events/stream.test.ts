import { get, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transaction } from '../../db/transaction.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { eventually } from '../../test-support/webhook-receiver.js'
import { domainEvent, emit, type PlatformEvent } from './emit.js'
import { EVENT_TYPES } from './event-types.js'
import { streamRoutes } from './stream.js'
import type { StreamMessage } from './stream-view.js'

/** An open SSE response: its head, the raw text so far and the messages parsed from it. */
interface Stream {
  status: number
  headers: IncomingHttpHeaders
  text: () => string
  messages: () => (StreamMessage & { sseId: string })[]
  /** Disconnects, as a browser tab that goes away. */
  close: () => void
}

/**
 * Opens an SSE stream with node:http (whose `destroy()` really closes the socket; an aborted
 * `fetch` leaves a fresh keep-alive socket behind, which would hold up the server's close).
 */
function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('error', () => {})
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        messages: () =>
          text
            .split('\n\n')
            .filter((block) => block.includes('data: '))
            .map((block) => ({
              sseId: /^id: (.*)$/m.exec(block)![1]!,
              ...(JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as StreamMessage),
            })),
        close: () => request.destroy(),
      })
    })
    request.on('error', reject)
  })
}

describe.each(DIALECTS)('GET /_vitrine/events/stream on %s', (dialect) => {
  let platform: TestPlatform
  let testStream: { openStreams(): number }
  let visitor: { token: string; id: string }
  const url = (path = '/_vitrine/events/stream') => `${platform.baseUrl}${path}`
  const publish = (event: PlatformEvent) =>
    transaction(platform.app.platform.db, (trx) => emit(trx, event))
  const cartEvent = (visitorId: string, cartId: string) =>
    publish({
      eventType: EVENT_TYPES.cartUpdated,
      payload: domainEvent('wix.ecom.v1.cart', 'updated', cartId, {
        updatedEvent: { currentEntity: { id: cartId, buyerInfo: { visitorId } } },
      }),
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: visitorId },
    })
  const productCreated = (productId: string, visible = true) =>
    publish({
      eventType: EVENT_TYPES.productCreated,
      payload: { productId, name: 'Mug', visible, costAndProfitData: { itemCost: 3 } },
      identity: { identityType: 'WIX_USER', wixUserId: 'owner' },
    })

  beforeAll(async () => {
    platform = await startPlatform(dialect, { workers: false }, (app) => {
      testStream = streamRoutes(app, app.platform.db, {
        path: '/_test/stream',
        heartbeatMs: 50,
        pollIntervalMs: 50,
      })
    })
    const token = (await (
      await fetch(`${platform.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
      })
    ).json()) as { access_token: string }
    const row = await platform.app.platform.db.kysely
      .selectFrom('identities')
      .select('id')
      .where('type', '=', 'ANONYMOUS_VISITOR')
      .executeTakeFirstOrThrow()
    visitor = { token: token.access_token, id: row.id }
  })
  afterAll(() => platform.close())

  it('answers 401 in the provider format without Authorization, or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'not-a-token' }] as Record<string, string>[]) {
      const response = await fetch(url(), { headers })
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(response.headers.get('x-wix-request-id')).toBeTruthy()
      expect(((await response.json()) as { message: string }).message).toBeTruthy()
    }
  })

  it('streams new events as SSE: a visitor gets its own cart events, never the catalog nor orders', async () => {
    await productCreated('before-connecting')
    const stream = await openStream(url(), { authorization: visitor.token })
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8')
      expect(stream.headers['cache-control']).toBe('no-store')
      await eventually(() => stream.text().startsWith('retry: 3000\n'))
      await productCreated('p-hidden', false)
      await productCreated('p-1')
      await cartEvent('someone-else', 'cart-of-another')
      // What placing an order emits as the buyer: stock taken, and the order.
      const byVisitor = {
        identityType: 'ANONYMOUS_VISITOR',
        anonymousVisitorId: visitor.id,
      } as const
      await publish({
        eventType: EVENT_TYPES.productChanged,
        payload: { productId: 'p-1', changedFields: ['stock'] },
        identity: byVisitor,
      })
      await publish({
        eventType: EVENT_TYPES.orderCreated,
        payload: domainEvent('wix.ecom.v1.order', 'created', 'order-1', {
          createdEvent: { entity: { id: 'order-1', buyerInfo: { visitorId: visitor.id } } },
        }),
        identity: byVisitor,
      })
      await cartEvent(visitor.id, 'cart-of-visitor')
      const [message] = await eventually(() => {
        const messages = stream.messages()
        return messages.length > 0 && messages
      })
      expect(message).toEqual({
        sseId: message!.id,
        id: expect.any(String),
        eventType: EVENT_TYPES.cartUpdated,
        createdDate: expect.any(String),
        payload: expect.objectContaining({ entityId: 'cart-of-visitor' }),
        identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: visitor.id },
      })
      // The products (hidden or not), the other visitor's cart, the stock and the order came
      // first, and were left out.
      expect(stream.messages()).toHaveLength(1)
    } finally {
      stream.close()
    }
  })

  it('gives a visitor their own cart events, the owner everything, and honours ?types', async () => {
    const mine = await openStream(url(), { authorization: visitor.token })
    const owner = await openStream(url(), { authorization: platform.adminKey })
    const onlyCarts = await openStream(
      url(`/_vitrine/events/stream?types=${EVENT_TYPES.cartUpdated}`),
      {
        authorization: platform.adminKey,
      },
    )
    try {
      await eventually(() => mine.text() && owner.text() && onlyCarts.text())
      await cartEvent('someone-else', 'cart-2')
      await cartEvent(visitor.id, 'cart-1')
      await productCreated('p-2')
      await eventually(() => owner.messages().length === 3 && onlyCarts.messages().length === 2)
      await eventually(() => mine.messages().length === 1)
      expect(mine.messages().map((m) => m.payload.entityId)).toEqual(['cart-1'])
      expect(mine.messages()[0]!.identity).toEqual({
        identityType: 'ANONYMOUS_VISITOR',
        anonymousVisitorId: visitor.id,
      })
      expect(owner.messages().map((m) => m.eventType)).toEqual([
        EVENT_TYPES.cartUpdated,
        EVENT_TYPES.cartUpdated,
        EVENT_TYPES.productCreated,
      ])
      expect(owner.messages()[2]!.payload.costAndProfitData).toEqual({ itemCost: 3 })
      expect(onlyCarts.messages().map((m) => m.payload.entityId)).toEqual(['cart-2', 'cart-1'])
    } finally {
      for (const stream of [mine, owner, onlyCarts]) stream.close()
    }
  })

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    await productCreated('r-1')
    await productCreated('r-2')
    await productCreated('r-3')
    const rows = await platform.app.platform.db.kysely
      .selectFrom('events')
      .select(['id', 'payload'])
      .orderBy('created_date')
      .execute()
    const first = rows.find((row) => row.payload.includes('"r-1"'))!
    const stream = await openStream(url(), {
      authorization: platform.adminKey,
      'last-event-id': first.id,
    })
    try {
      await eventually(() => stream.messages().length >= 2)
      expect(stream.messages().map((m) => m.payload.productId)).toEqual(['r-2', 'r-3'])
    } finally {
      stream.close()
    }
  })

  it('sends heartbeat comments, and lets go of a stream when its client disconnects', async () => {
    const stream = await openStream(url('/_test/stream'), { authorization: platform.adminKey })
    await eventually(() => stream.text().includes(': heartbeat\n\n'))
    expect(testStream.openStreams()).toBe(1)
    stream.close()
    await eventually(() => testStream.openStreams() === 0)
  })

  it('ends open streams when the platform closes', async () => {
    const other = await startPlatform(dialect, { workers: false })
    const stream = await openStream(`${other.baseUrl}/_vitrine/events/stream`, {
      authorization: other.adminKey,
    })
    await eventually(() => stream.text().length > 0)
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(3000)
  })
})
