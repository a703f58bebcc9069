import type { Cart } from '../cart/types.js'
import type { Member } from '../members/types.js'
import type { Fulfillment, Order } from '../orders/types.js'
import { afterEach, beforeAll, describe, expect, expectTypeOf, it, vi, type Mock } from 'vitest'
import { createWebhooks } from './create-webhooks.js'
import {
  generateWebhookKeys,
  signJwt,
  signWebhook,
  webhookClaims,
  type TestWebhook,
} from './test-jwt.js'
import type { CatalogEvent, EventRegistrations, ProductCreated, Webhooks } from './types.js'
import { WebhookError } from './webhook-error.js'

let keys: Awaited<ReturnType<typeof generateWebhookKeys>>
let other: Awaited<ReturnType<typeof generateWebhookKeys>>
beforeAll(async () => {
  ;[keys, other] = await Promise.all([generateWebhookKeys(), generateWebhookKeys()])
})
afterEach(() => {
  vi.restoreAllMocks()
})

const identity = { identityType: 'MEMBER', memberId: 'member-1' }
const accountInfo = { accountId: 'account-1', siteId: 'site-1' }
const sign = (webhook: TestWebhook, options?: Parameters<typeof signWebhook>[2]) =>
  signWebhook(keys.privateKey, { identity, accountInfo, ...webhook }, options)

const base = { instanceId: 'instance-1', identity, accountInfo }
const at = (day: number) => `2024-05-0${day}T10:00:00.000Z`

const wireCart = {
  id: 'cart-1',
  currency: 'EUR',
  createdDate: at(1),
  updatedDate: at(2),
  lineItems: [
    {
      id: 'line-1',
      quantity: 2,
      image: { id: 'abc.jpg', width: 800, height: 600, filename: 'red shoe.jpg' },
      catalogOverrideFields: {
        image: { id: 'ovr.png', width: 10, height: 20, altText: 'alt' },
        physicalProperties: { weight: 'NaN' },
      },
      physicalProperties: { weight: 'Infinity', sku: 'S1' },
      serviceProperties: { scheduledDate: at(3), endDate: at(4), numberOfParticipants: 1 },
      subscriptionOptionInfo: { subscriptionSettings: { startDate: at(5), frequency: 'MONTH' } },
      url: { relativePath: '/product/shoe', url: 'https://shop.example/product/shoe' },
    },
    { id: 'line-2', quantity: 1, image: { url: 'https://cdn.example/plain.png' } },
  ],
}
const cart = {
  id: 'cart-1',
  currency: 'EUR',
  createdDate: new Date(at(1)),
  updatedDate: new Date(at(2)),
  lineItems: [
    {
      id: 'line-1',
      quantity: 2,
      image: 'wix:image://v1/abc.jpg/red%20shoe.jpg#originWidth=800&originHeight=600',
      catalogOverrideFields: {
        image: 'wix:image://v1/ovr.png/alt#originWidth=10&originHeight=20',
        physicalProperties: { weight: NaN },
      },
      physicalProperties: { weight: Infinity, sku: 'S1' },
      serviceProperties: {
        scheduledDate: new Date(at(3)),
        endDate: new Date(at(4)),
        numberOfParticipants: 1,
      },
      subscriptionOptionInfo: {
        subscriptionSettings: { startDate: new Date(at(5)), frequency: 'MONTH' },
      },
      // pageUrlV2, as the official client decodes it.
      url: 'https://shop.example/product/shoe',
    },
    { id: 'line-2', quantity: 1, image: 'https://cdn.example/plain.png' },
  ],
}

const domainFields = (slug: string) => ({
  id: 'event-1',
  entityFqdn: 'wix.ecom.v1.cart',
  slug,
  entityId: 'cart-1',
  eventTime: at(6),
  triggeredByAnonymizeRequest: false,
  originatedFrom: 'ecom',
  entityEventSequence: '7',
})
const domainMetadata = (slug: string) => ({
  ...base,
  ...domainFields(slug),
  eventTime: new Date(at(6)),
})

const CATALOG = 'com.wix.ecommerce.catalog.api.v1.'
const productCreated = {
  productId: 'prod-1',
  name: 'Shoe',
  price: { currency: 'EUR', price: 10, discountedPrice: 'NaN', pricePerUnit: 'Infinity' },
  visible: true,
  media: { mainMedia: { image: { url: 'https://static.example/a.jpg', width: 1, height: 1 } } },
  sku: 'S1',
  productPageUrl: { base: 'https://shop.example', path: '/product/shoe' },
  costAndProfitData: { itemCost: 4, profit: 6, profitMargin: '-Infinity' },
  originatedFromVersion: 'V1_CATALOG',
  slug: 'shoe',
}

const wireOrder = {
  id: 'order-1',
  number: '10001',
  createdDate: at(1),
  purchasedDate: at(2),
  lineItems: [
    {
      id: 'line-1',
      image: { id: 'abc.jpg', width: 800, height: 600, filename: 'red shoe.jpg' },
      physicalProperties: { weight: 'Infinity' },
      digitalFile: { expirationDate: at(3) },
    },
  ],
  shippingInfo: { logistics: { deliveryTimeSlot: { from: at(4), to: at(5) } } },
  // Events convert no address floats (wire-orders-members §3): the wire's value stays.
  billingInfo: { address: { addressLine: '1 Main St', geocode: { latitude: '40.5' } } },
  activities: [{ type: 'ORDER_PLACED', createdDate: at(6) }],
}
const order = {
  ...wireOrder,
  createdDate: new Date(at(1)),
  purchasedDate: new Date(at(2)),
  lineItems: [
    {
      id: 'line-1',
      image: 'wix:image://v1/abc.jpg/red%20shoe.jpg#originWidth=800&originHeight=600',
      physicalProperties: { weight: Infinity },
      digitalFile: { expirationDate: new Date(at(3)) },
    },
  ],
  shippingInfo: { logistics: { deliveryTimeSlot: { from: new Date(at(4)), to: new Date(at(5)) } } },
  activities: [{ type: 'ORDER_PLACED', createdDate: new Date(at(6)) }],
}
const wireMember = {
  id: 'member-1',
  loginEmail: 'ada@example.com',
  createdDate: at(1),
  lastLoginDate: at(2),
}
const member = { ...wireMember, createdDate: new Date(at(1)), lastLoginDate: new Date(at(2)) }
const created = (entity: unknown) => ({ ...domainFields('created'), createdEvent: { entity } })
const acted = (body: unknown) => ({ ...domainFields('action'), actionEvent: { body } })

type Method = keyof EventRegistrations
const cases: [Method, string, unknown, unknown][] = [
  [
    'onCartCreated',
    'wix.ecom.v1.cart_created',
    { ...domainFields('created'), createdEvent: { entity: wireCart } },
    { entity: cart, metadata: domainMetadata('created') },
  ],
  [
    'onCartUpdated',
    'wix.ecom.v1.cart_updated',
    {
      ...domainFields('updated'),
      updatedEvent: { currentEntity: wireCart, modifiedFields: { updatedDate: at(2) } },
    },
    {
      entity: cart,
      metadata: domainMetadata('updated'),
      modifiedFields: { updatedDate: new Date(at(2)) },
    },
  ],
  [
    'onCartDeleted',
    'wix.ecom.v1.cart_deleted',
    { ...domainFields('deleted'), deletedEvent: { deletedEntity: wireCart } },
    { entity: cart, metadata: domainMetadata('deleted') },
  ],
  [
    'onOrderCreated',
    'wix.ecom.v1.order_created',
    created(wireOrder),
    { entity: order, metadata: domainMetadata('created') },
  ],
  [
    'onOrderUpdated',
    'wix.ecom.v1.order_updated',
    {
      ...domainFields('updated'),
      updatedEvent: { currentEntity: wireOrder, modifiedFields: { purchasedDate: at(2) } },
    },
    {
      entity: order,
      metadata: domainMetadata('updated'),
      modifiedFields: { purchasedDate: new Date(at(2)) },
    },
  ],
  ...(
    [
      ['onOrderApproved', 'approved', {}],
      ['onOrderCanceled', 'canceled', { restockAllItems: true, customMessage: 'Sorry' }],
      [
        'onOrderPaymentStatusUpdated',
        'payment_status_updated',
        { previousPaymentStatus: 'NOT_PAID' },
      ],
      [
        'onOrderFulfilled',
        'fulfilled',
        { previousFulfillmentStatus: 'NOT_FULFILLED', newFulfillmentStatus: 'FULFILLED' },
      ],
      ['onOrderImported', 'imported', {}],
      ['onOrderImportedOrderDeleted', 'imported_order_deleted', {}],
    ] as const
  ).map(([method, slug, more]): [Method, string, unknown, unknown] => [
    method,
    'wix.ecom.v1.order_' + slug,
    acted({ order: wireOrder, ...more }),
    { data: { order, ...more }, metadata: domainMetadata('action') },
  ]),
  [
    'onOrderCommitted',
    'wix.ecom.v1.order_committed',
    acted({
      order: wireOrder,
      draftOrderId: 'draft-1',
      commitDate: at(7),
      changes: {
        changedShippingInfo: { logistics: { deliverByDate: at(8) } },
        lineItems: [
          {
            lineItemRemoved: {
              image: { id: 'old.png', width: 10, height: 20 },
              physicalProperties: { weight: '-Infinity' },
              digitalFile: { expirationDate: at(9) },
            },
          },
        ],
      },
    }),
    {
      data: {
        order,
        draftOrderId: 'draft-1',
        commitDate: new Date(at(7)),
        changes: {
          changedShippingInfo: { logistics: { deliverByDate: new Date(at(8)) } },
          lineItems: [
            {
              lineItemRemoved: {
                image: 'wix:image://v1/old.png#originWidth=10&originHeight=20',
                physicalProperties: { weight: -Infinity },
                digitalFile: { expirationDate: new Date(at(9)) },
              },
            },
          ],
        },
      },
      metadata: domainMetadata('action'),
    },
  ],
  [
    'onFulfillmentsUpdated',
    'wix.ecom.v1.fulfillments_updated',
    {
      ...domainFields('updated'),
      updatedEvent: {
        currentEntity: { orderId: 'order-1', fulfillments: [{ id: 'f-1', createdDate: at(3) }] },
        modifiedFields: { fulfillments: [{ id: 'f-1', createdDate: at(3) }] },
      },
    },
    {
      entity: { orderId: 'order-1', fulfillments: [{ id: 'f-1', createdDate: new Date(at(3)) }] },
      metadata: domainMetadata('updated'),
      modifiedFields: { fulfillments: [{ id: 'f-1', createdDate: new Date(at(3)) }] },
    },
  ],
  [
    'onMemberCreated',
    'wix.members.v1.member_created',
    created(wireMember),
    { entity: member, metadata: domainMetadata('created') },
  ],
  [
    'onMemberUpdated',
    'wix.members.v1.member_updated',
    { ...domainFields('updated'), updatedEvent: { currentEntity: wireMember } },
    { entity: member, metadata: domainMetadata('updated') },
  ],
  [
    'onMemberDeleted',
    'wix.members.v1.member_deleted',
    { ...domainFields('deleted'), deletedEvent: { deletedEntity: wireMember } },
    // As the provider's runtime: only the event time converts (wire-orders-members §3).
    { entity: wireMember, metadata: domainMetadata('deleted') },
  ],
  [
    'onProductCreated',
    CATALOG + 'ProductCreated',
    productCreated,
    {
      data: {
        ...productCreated,
        price: { currency: 'EUR', price: 10, discountedPrice: NaN, pricePerUnit: Infinity },
        costAndProfitData: { itemCost: 4, profit: 6, profitMargin: -Infinity },
      },
      metadata: base,
    },
  ],
  ...(
    [
      [
        'onProductChanged',
        'ProductChanged',
        { productId: 'prod-1', changedFields: ['price'], originatedFromVersion: 'V1_CATALOG' },
      ],
      ['onProductDeleted', 'ProductDeleted', { productId: 'prod-1' }],
      [
        'onProductCollectionCreated',
        'CollectionCreated',
        { collection_Id: 'col-1', name: 'Shoes', slug: 'shoes', visible: true, media: {} },
      ],
      [
        'onProductCollectionChanged',
        'CollectionChanged',
        { collection_Id: 'col-1', changedFields: ['name'] },
      ],
      ['onProductCollectionDeleted', 'CollectionDeleted', { collection_Id: 'col-1' }],
      [
        'onProductVariantsChanged',
        'VariantsChanged',
        {
          productId: 'prod-1',
          variants: [{ variantId: 'v-1', choices: { Size: 'XL' }, changedFields: ['price'] }],
        },
      ],
    ] as const
  ).map(([method, name, data]): [Method, string, unknown, unknown] => [
    method,
    CATALOG + name,
    data,
    { data, metadata: base },
  ]),
]

/** Registers a spy on every event; returns them by method. */
function spyAll(webhooks: Webhooks) {
  const spies = {} as Record<Method, Mock<(event: unknown) => void>>
  for (const [method] of cases) webhooks[method]((spies[method] = vi.fn()))
  return spies
}

describe('createWebhooks: dispatch', () => {
  it.each(cases)('%s receives %s in its envelope', async (method, eventType, payload, envelope) => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const spies = spyAll(webhooks)
    const result = await webhooks.process(await sign({ eventType, payload, identity, accountInfo }))

    expect(result).toEqual({ instanceId: 'instance-1', eventType, payload, identity, accountInfo })
    expect(spies[method]).toHaveBeenCalledOnce()
    expect(spies[method]).toHaveBeenCalledWith(envelope)
    for (const [name, spy] of Object.entries(spies)) {
      if (name !== method) expect(spy).not.toHaveBeenCalled()
    }
  })

  it('decodes the deleted cart too, and gives just {metadata} without one', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onCartDeleted(handler)
    const deleted = { ...domainFields('deleted'), deletedEvent: { deletedEntity: wireCart } }
    await webhooks.process(await sign({ eventType: 'wix.ecom.v1.cart_deleted', payload: deleted }))
    const { entity, metadata } = handler.mock.calls[0]![0]
    expect(entity.createdDate).toBeInstanceOf(Date)
    expect(entity.lineItems[0].serviceProperties.scheduledDate).toEqual(new Date(at(3)))
    expect(entity.lineItems[0].image).toBe(cart.lineItems[0]!.image)
    expect(metadata.eventTime).toEqual(new Date(at(6)))

    const bare = { ...domainFields('deleted'), deletedEvent: {} }
    await webhooks.process(await sign({ eventType: 'wix.ecom.v1.cart_deleted', payload: bare }))
    expect(Object.keys(handler.mock.calls[1]![0])).toEqual(['metadata'])
  })

  it('parses an entity sent as a JSON string, keeps the wire `id`', async () => {
    const webhooks = createWebhooks({ publicKey: keys.base64Pem })
    const handler = vi.fn()
    webhooks.onCartCreated(handler)
    const payload = {
      ...domainFields('created'),
      createdEvent: { entity: JSON.stringify(wireCart) },
    }
    await webhooks.process(await sign({ eventType: 'wix.ecom.v1.cart_created', payload }))
    expect(handler).toHaveBeenCalledWith({ entity: cart, metadata: domainMetadata('created') })
    expect(handler.mock.calls[0]![0].metadata).not.toHaveProperty('_id')
  })

  it('hands an action event its body as data', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onCartUpdated(handler)
    const payload = { ...domainFields('action'), actionEvent: { body: { reason: 'merge' } } }
    await webhooks.process(await sign({ eventType: 'wix.ecom.v1.cart_updated', payload }))
    expect(handler).toHaveBeenCalledWith({
      data: { reason: 'merge' },
      metadata: domainMetadata('action'),
    })
  })

  it('runs all handlers of a type in parallel and waits for all of them', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const done: string[] = []
    // Sequential dispatch would deadlock: the first handler waits for the second.
    webhooks.onProductDeleted(async () => {
      await gate
      done.push('first')
    })
    webhooks.onProductDeleted(async () => {
      open()
      await new Promise((resolve) => setTimeout(resolve, 10))
      done.push('second')
    })
    await webhooks.process(await sign({ eventType: CATALOG + 'ProductDeleted', payload: {} }))
    expect(done.sort()).toEqual(['first', 'second'])
  })

  it('rejects with a handler error after the other handlers finished', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const boom = new Error('boom')
    let finished = false
    webhooks.onProductDeleted(() => {
      throw boom
    })
    webhooks.onProductDeleted(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      finished = true
    })
    const jwt = await sign({ eventType: CATALOG + 'ProductDeleted', payload: {} })
    await expect(webhooks.process(jwt)).rejects.toBe(boom)
    expect(finished).toBe(true)

    webhooks.onProductDeleted(() => Promise.reject(new Error('again')))
    await expect(webhooks.process(jwt)).rejects.toThrow(AggregateError)
  })

  it('runs a handler registered twice twice; unsubscribe removes one registration', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    const kept = vi.fn()
    const first = webhooks.onProductChanged(handler)
    webhooks.onProductChanged(handler)
    webhooks.onProductChanged(kept)
    const jwt = await sign({ eventType: CATALOG + 'ProductChanged', payload: { productId: 'p' } })
    await webhooks.process(jwt)
    expect(handler).toHaveBeenCalledTimes(2)

    first()
    first()
    await webhooks.process(jwt)
    expect(handler).toHaveBeenCalledTimes(3)
    expect(kept).toHaveBeenCalledTimes(2)
  })

  it('stops dispatching after unsubscribe; with no handler left every type is accepted', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    const unsubscribe = webhooks.onProductChanged(handler)
    unsubscribe()
    const jwt = await sign({ eventType: CATALOG + 'ProductChanged', payload: {} })
    await expect(webhooks.process(jwt)).resolves.toMatchObject({
      eventType: CATALOG + 'ProductChanged',
    })
    expect(handler).not.toHaveBeenCalled()
    const unknown = await sign({ eventType: 'x', payload: {} })
    await expect(webhooks.process(unknown)).resolves.toMatchObject({ eventType: 'x' })
  })

  it('processRequest reads the JWT from a real Request body', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onProductDeleted(handler)
    const jwt = await sign({ eventType: CATALOG + 'ProductDeleted', payload: { productId: 'p' } })
    const request = new Request('https://app.example/webhooks', { method: 'POST', body: jwt })
    const result = await webhooks.processRequest(request)
    expect(result.eventType).toBe(CATALOG + 'ProductDeleted')
    expect(handler).toHaveBeenCalledWith({
      data: { productId: 'p' },
      metadata: expect.objectContaining({ instanceId: 'instance-1' }),
    })
  })

  it('parseJWT verifies and decodes without dispatching', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onCartCreated(handler)
    const jwt = await sign({ eventType: 'x', payload: { a: 1 }, identity, accountInfo })
    expect(await webhooks.parseJWT(jwt)).toEqual({
      instanceId: 'instance-1',
      eventType: 'x',
      payload: { a: 1 },
      identity,
      accountInfo,
    })
    expect(handler).not.toHaveBeenCalled()
  })

  it('types each handler with its envelope', () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    webhooks.onCartCreated(({ entity, metadata }) => {
      expectTypeOf(entity.createdDate).toEqualTypeOf<Date | undefined>()
      expectTypeOf(metadata.eventTime).toEqualTypeOf<Date | undefined>()
    })
    webhooks.onCartDeleted(({ entity }) => {
      expectTypeOf(entity).toEqualTypeOf<Cart | undefined>()
    })
    webhooks.onProductCollectionDeleted(({ data }) => {
      expectTypeOf(data.collection_Id).toBeString()
    })
    webhooks.onOrderCanceled(({ data }) => {
      expectTypeOf(data.order).toEqualTypeOf<Order>()
      expectTypeOf(data.restockAllItems).toEqualTypeOf<boolean | undefined>()
    })
    webhooks.onOrderCreated(({ entity }) => {
      expectTypeOf(entity.purchasedDate).toEqualTypeOf<Date | undefined>()
    })
    webhooks.onFulfillmentsUpdated(({ entity }) => {
      expectTypeOf(entity.fulfillments).toEqualTypeOf<Fulfillment[]>()
    })
    webhooks.onMemberUpdated(({ entity }) => {
      expectTypeOf(entity).toEqualTypeOf<Member>()
    })
    expectTypeOf(webhooks.onProductCreated)
      .parameter(0)
      .parameter(0)
      .toEqualTypeOf<CatalogEvent<ProductCreated>>()
    expectTypeOf(webhooks.onCartUpdated).returns.toEqualTypeOf<() => void>()
  })

  it('imports the public key once', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    const webhooks = createWebhooks({ publicKey: keys.base64Pem })
    const jwt = await sign({ eventType: 'x', payload: {} })
    await Promise.all([webhooks.process(jwt), webhooks.process(jwt)])
    await webhooks.parseJWT(jwt)
    expect(importKey).toHaveBeenCalledOnce()
  })
})

async function rejection(promise: Promise<unknown>): Promise<WebhookError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WebhookError)
  return error as WebhookError
}

describe('createWebhooks: rejections', () => {
  it('rejects a wrong signature before any handler runs', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const spies = spyAll(webhooks)
    const payload = { ...domainFields('created'), createdEvent: { entity: wireCart } }
    const forged = await signWebhook(other.privateKey, {
      eventType: 'wix.ecom.v1.cart_created',
      payload,
    })
    expect((await rejection(webhooks.process(forged))).code).toBe('INVALID_SIGNATURE')

    const [header, , signature] = (
      await sign({ eventType: 'wix.ecom.v1.cart_created', payload })
    ).split('.')
    const tamperedClaims = await signJwt(
      other.privateKey,
      webhookClaims({ eventType: 'wix.ecom.v1.cart_created', payload: {} }),
    )
    const tampered = `${header}.${tamperedClaims.split('.')[1]}.${signature}`
    expect((await rejection(webhooks.process(tampered))).code).toBe('INVALID_SIGNATURE')
    for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled()
  })

  it('rejects alg none and HS256 headers', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onProductDeleted(handler)
    const claims = webhookClaims({ eventType: CATALOG + 'ProductDeleted', payload: {} })
    for (const alg of ['none', 'HS256']) {
      // An RS256 signature under a lying header: the alg check, not the signature, must reject it.
      const jwt = await signJwt(keys.privateKey, claims, { alg })
      const error = await rejection(webhooks.process(jwt))
      expect(error.code).toBe('INVALID_SIGNATURE')
      expect(error.message).toContain('only RS256 is accepted')
    }
    expect(handler).not.toHaveBeenCalled()
  })

  it('rejects an expired webhook', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const jwt = await sign({ eventType: 'x', payload: {} }, { expiresIn: -120 })
    expect((await rejection(webhooks.process(jwt))).code).toBe('EXPIRED')
    const skewed = await sign({ eventType: 'x', payload: {} }, { expiresIn: -30 })
    await expect(webhooks.process(skewed)).resolves.toBeDefined()
    const strict = createWebhooks({ publicKey: keys.pem, clockTolerance: 0 })
    expect((await rejection(strict.process(skewed))).code).toBe('EXPIRED')
  })

  it.each([
    [
      'data is an object',
      { data: { eventType: 'x', instanceId: 'i' } },
      '"data" claim is not a string',
    ],
    ['data is missing', {}, '"data" claim is not a string'],
    ['data is not JSON', { data: '{eventType' }, '"data" claim is not valid JSON'],
    ['data is JSON null', { data: 'null' }, 'no event type'],
    ['the event type is missing', { data: '{"instanceId":"i"}' }, 'no event type'],
    ['the instance id is missing', { data: '{"eventType":"x"}' }, 'no instance id'],
    [
      'the identity is not JSON',
      { data: '{"eventType":"x","instanceId":"i","identity":"{"}' },
      'identity is not valid JSON',
    ],
  ])('rejects a webhook whose %s as MALFORMED', async (_name, claims, message) => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const error = await rejection(webhooks.process(await signJwt(keys.privateKey, claims)))
    expect(error.code).toBe('MALFORMED')
    expect(error.message).toContain(message)
  })

  it('rejects a domain event that is not an object, or whose entity string is not JSON', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    webhooks.onCartCreated(vi.fn())
    const list = await sign({ eventType: 'wix.ecom.v1.cart_created', payload: [1] })
    expect((await rejection(webhooks.process(list))).code).toBe('MALFORMED')
    const payload = { ...domainFields('created'), createdEvent: { entity: '{not json' } }
    const bad = await sign({ eventType: 'wix.ecom.v1.cart_created', payload })
    expect(await rejection(webhooks.process(bad))).toMatchObject({
      code: 'MALFORMED',
      message: "The webhook's event entity is not valid JSON",
    })
  })

  it('rejects a type without a handler once any handler is registered', async () => {
    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onCartCreated(handler)
    const error = await rejection(webhooks.process(await sign({ eventType: 'x', payload: {} })))
    expect(error.code).toBe('UNEXPECTED_EVENT')
    expect(error.message).toBe('Unexpected event type: x')
    const product = await sign({ eventType: CATALOG + 'ProductCreated', payload: {} })
    await expect(webhooks.process(product)).rejects.toThrow(
      `Unexpected event type: ${CATALOG}ProductCreated`,
    )
    expect(handler).not.toHaveBeenCalled()
  })

  it('accepts the expectedEvents and the handled types, nothing else', async () => {
    const noHandlers = createWebhooks({ publicKey: keys.pem })
    const cartCreated = await sign({
      eventType: 'wix.ecom.v1.cart_created',
      payload: { ...domainFields('created'), createdEvent: { entity: wireCart } },
    })
    const changed = await sign({ eventType: CATALOG + 'ProductChanged', payload: {} })
    const deleted = await sign({ eventType: CATALOG + 'ProductDeleted', payload: {} })
    const expectedEvents = [CATALOG + 'ProductChanged']
    await expect(noHandlers.process(changed, { expectedEvents })).resolves.toBeDefined()
    await expect(noHandlers.process(deleted, { expectedEvents })).rejects.toThrow(
      `Unexpected event type: ${CATALOG}ProductDeleted`,
    )
    await expect(noHandlers.process(deleted, { expectedEvents: [] })).resolves.toBeDefined()

    const webhooks = createWebhooks({ publicKey: keys.pem })
    const handler = vi.fn()
    webhooks.onCartCreated(handler)
    await expect(webhooks.process(changed, { expectedEvents })).resolves.toBeDefined()
    await expect(webhooks.process(cartCreated, { expectedEvents })).resolves.toBeDefined()
    expect(handler).toHaveBeenCalledOnce()
    expect((await rejection(webhooks.process(deleted, { expectedEvents }))).code).toBe(
      'UNEXPECTED_EVENT',
    )
  })

  it('rejects with a TypeError when the public key is not one', async () => {
    const webhooks = createWebhooks({ publicKey: 'nope' })
    const jwt = await sign({ eventType: 'x', payload: {} })
    await expect(webhooks.process(jwt)).rejects.toThrow(TypeError)
  })
})
