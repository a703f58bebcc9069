import { createWebhooks } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { transaction } from '../../db/transaction.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import {
  eventually,
  startReceiver,
  type WebhookReceiver,
} from '../../test-support/webhook-receiver.js'
import { domainEvent, emit } from './emit.js'
import { EVENT_TYPES } from './event-types.js'

const cart = {
  id: 'cart-1',
  currency: 'USD',
  createdDate: '2024-05-01T10:00:00.000Z',
  lineItems: [{ id: 'line-1', quantity: 2, physicalProperties: { weight: 0.5 } }],
}

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  let platform: TestPlatform
  let receiver: WebhookReceiver
  let visitorToken: string

  const call = async (method: string, path: string, auth?: string, body?: unknown) => {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: {
        ...(auth && { authorization: auth }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as any }
  }
  const admin = (method: string, path: string, body?: unknown) =>
    call(method, path, platform.adminKey, body)
  const register = async (body: object) => (await admin('POST', '/_vitrine/webhooks', body)).body
  const publicKey = async () => (await call('GET', '/_vitrine/webhooks/public-key')).body.publicKey
  const emitCartCreated = (identity = { identityType: 'ANONYMOUS_VISITOR' as const }) =>
    transaction(platform.app.platform.db, (trx) =>
      emit(trx, {
        eventType: EVENT_TYPES.cartCreated,
        payload: domainEvent('wix.ecom.v1.cart', 'created', cart.id, {
          createdEvent: { entity: cart },
        }),
        identity: { ...identity, anonymousVisitorId: 'visitor-1' },
      }),
    )

  beforeAll(async () => {
    receiver = await startReceiver()
    platform = await startPlatform(dialect)
    const token = await fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
    visitorToken = ((await token.json()) as { access_token: string }).access_token
  })
  afterAll(async () => {
    await platform.close()
    await receiver.close()
  })

  it('serves the public key as SPKI PEM, the same on every call', async () => {
    const key = await publicKey()
    expect(key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/)
    expect(await publicKey()).toBe(key)
    const { body } = await call('GET', '/_vitrine/webhooks/public-key')
    expect(JSON.stringify(body)).not.toContain('PRIVATE')
  })

  it('signs with one key per database: kept across restarts, shared by every instance', async () => {
    const key = await publicKey()
    const second = await startPlatform(dialect, {
      workers: false,
      databaseUrl: platform.app.platform.config.databaseUrl,
    })
    try {
      const response = await fetch(`${second.baseUrl}/_vitrine/webhooks/public-key`)
      expect(((await response.json()) as { publicKey: string }).publicKey).toBe(key)
    } finally {
      await second.close()
    }
    const other = await startPlatform(dialect, { workers: false })
    try {
      const response = await fetch(`${other.baseUrl}/_vitrine/webhooks/public-key`)
      expect(((await response.json()) as { publicKey: string }).publicKey).not.toBe(key)
    } finally {
      await other.close()
    }
  })

  it('refuses the admin routes to a caller without credentials (401) or a visitor (403)', async () => {
    const routes: [string, string][] = [
      ['POST', '/_vitrine/webhooks'],
      ['GET', '/_vitrine/webhooks'],
      ['DELETE', '/_vitrine/webhooks/some-id'],
      ['GET', '/_vitrine/webhooks/some-id/deliveries'],
    ]
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { url: receiver.url } : undefined
      const anonymous = await call(method, path, undefined, body)
      expect(anonymous.status, `${method} ${path}`).toBe(401)
      expect(anonymous.body.message).toBe('Missing Authorization header')
      const visitor = await call(method, path, visitorToken, body)
      expect(visitor.status, `${method} ${path}`).toBe(403)
      expect((await call(method, path, 'wrong-key', body)).status).toBe(401)
    }
    expect((await admin('GET', '/_vitrine/webhooks')).body.webhooks).toEqual([])
  })

  it('registers only http(s) URLs and known event types, with field violations otherwise', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', '/relative', 'javascript:alert(1)']) {
      const { status, body } = await admin('POST', '/_vitrine/webhooks', { url })
      expect(status, url).toBe(400)
      expect(body.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field: 'url', violatedRule: 'FORMAT' }),
      ])
    }
    const missing = await admin('POST', '/_vitrine/webhooks', {})
    expect(missing.status).toBe(400)
    expect(missing.body.details.validationError.fieldViolations[0].field).toBe('url')
    const unknown = await admin('POST', '/_vitrine/webhooks', {
      url: receiver.url,
      eventTypes: ['wix.ecom.v1.cart_exploded'],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'eventTypes[0]',
      violatedRule: 'INVALID_ENUM_VALUE',
    })
    expect((await admin('GET', '/_vitrine/webhooks')).body.webhooks).toEqual([])
  })

  it('delivers an emitted event as a JWT that @vitrine/client verifies and dispatches', async () => {
    const { webhook } = await register({ url: receiver.url })
    expect(webhook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      createdDate: expect.any(String),
    })
    const before = receiver.requests.length
    await emitCartCreated()
    await eventually(() => receiver.requests.length > before)
    const request = receiver.requests[before]!
    expect(request.method).toBe('POST')
    expect(request.contentType).toBe('text/plain')

    const webhooks = createWebhooks({ publicKey: await publicKey() })
    const onCartCreated = vi.fn()
    webhooks.onCartCreated(onCartCreated)
    const message = await webhooks.process(request.body)
    expect(message).toMatchObject({
      eventType: 'wix.ecom.v1.cart_created',
      instanceId: expect.any(String),
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
      accountInfo: { siteId: message.instanceId },
    })
    expect(onCartCreated).toHaveBeenCalledOnce()
    const { entity, metadata } = onCartCreated.mock.calls[0]![0]
    expect(entity).toMatchObject({ id: 'cart-1', currency: 'USD' })
    expect(entity.createdDate).toEqual(new Date(cart.createdDate))
    expect(metadata).toMatchObject({
      entityId: 'cart-1',
      entityFqdn: 'wix.ecom.v1.cart',
      slug: 'created',
      instanceId: message.instanceId,
    })
    expect(metadata.eventTime).toBeInstanceOf(Date)

    // Signed with this platform's key only: another key's client refuses it.
    const [header, claims] = request.body.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    })
    const { data, iat, exp } = JSON.parse(Buffer.from(claims!, 'base64url').toString())
    expect(typeof data).toBe('string')
    expect(exp - iat).toBe(300)

    const { deliveries, metadata: page } = (
      await admin('GET', `/_vitrine/webhooks/${webhook.id}/deliveries`)
    ).body
    expect(page).toEqual({ count: 1, offset: 0, total: 1 })
    expect(deliveries[0]).toMatchObject({
      eventType: 'wix.ecom.v1.cart_created',
      status: 'delivered',
      attempts: 1,
      deliveredDate: expect.any(String),
    })
    expect(deliveries[0]).not.toHaveProperty('lastError')
    await admin('DELETE', `/_vitrine/webhooks/${webhook.id}`)
  })

  it('sends a webhook only the event types it asked for', async () => {
    const products = await startReceiver()
    try {
      const { webhook } = await register({
        url: products.url,
        eventTypes: [EVENT_TYPES.productChanged],
      })
      expect(webhook.eventTypes).toEqual([EVENT_TYPES.productChanged])
      await emitCartCreated()
      await transaction(platform.app.platform.db, (trx) =>
        emit(trx, {
          eventType: EVENT_TYPES.productChanged,
          payload: { productId: 'p-1', changedFields: ['price'] },
        }),
      )
      await eventually(() => products.requests.length === 1)
      const message = await createWebhooks({ publicKey: await publicKey() }).process(
        products.requests[0]!.body,
      )
      expect(message).toMatchObject({
        eventType: EVENT_TYPES.productChanged,
        payload: { productId: 'p-1', changedFields: ['price'] },
        identity: { identityType: 'UNKNOWN' },
      })
      const { body } = await admin('GET', `/_vitrine/webhooks/${webhook.id}/deliveries`)
      expect(body.deliveries).toHaveLength(1)
      // Delivery ids are made by the database (INSERT … SELECT): still random UUIDs v4.
      expect(body.deliveries[0].id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      await admin('DELETE', `/_vitrine/webhooks/${webhook.id}`)
    } finally {
      await products.close()
    }
  })

  it('lists, revokes (then 404) and sends nothing to a revoked webhook', async () => {
    const revokedReceiver = await startReceiver()
    try {
      const { webhook } = await register({ url: revokedReceiver.url })
      expect((await admin('GET', '/_vitrine/webhooks')).body.webhooks).toEqual([webhook])
      expect(await admin('DELETE', `/_vitrine/webhooks/${webhook.id}`)).toEqual({
        status: 200,
        body: {},
      })
      expect((await admin('GET', '/_vitrine/webhooks')).body.webhooks).toEqual([])
      const again = await admin('DELETE', `/_vitrine/webhooks/${webhook.id}`)
      expect(again.status).toBe(404)
      expect(again.body.message).toBe(`Webhook "${webhook.id}" not found`)
      expect((await admin('GET', '/_vitrine/webhooks/nope/deliveries')).status).toBe(404)

      // A witness webhook shows when the worker has handled the event.
      const { webhook: witness } = await register({ url: receiver.url })
      const before = receiver.requests.length
      await emitCartCreated()
      await eventually(() => receiver.requests.length > before)
      expect(revokedReceiver.requests).toHaveLength(0)
      const { body } = await admin('GET', `/_vitrine/webhooks/${webhook.id}/deliveries`)
      expect(body.deliveries).toEqual([])
      await admin('DELETE', `/_vitrine/webhooks/${witness.id}`)
    } finally {
      await revokedReceiver.close()
    }
  })
})
