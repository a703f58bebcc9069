import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import type { ChannelType, ItemType } from '../enums/commerce.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { currentCart } from './current-cart.js'
import type { Cart, DescriptionLine, LineItem, Money } from './types.js'
import type * as wix from '../wix/index.js'

const CART = '/ecom/v1/carts/current'
const wireCart = {
  id: 'c1',
  createdDate: '2026-03-01T10:00:00.000Z',
  updatedDate: '2026-03-02T10:00:00.000Z',
  lineItems: [
    {
      id: 'li1',
      quantity: 2,
      image: { id: 'img1', width: 800, height: 600, filename: 'shoe.jpg', altText: 'Shoe' },
      physicalProperties: { weight: 'NaN' },
      serviceProperties: { scheduledDate: '2026-04-01T09:00:00.000Z' },
    },
  ],
  contactInfo: { address: { country: 'US', geocode: { latitude: 'Infinity', longitude: 1.5 } } },
}

function setup(body: unknown = { cart: wireCart }) {
  const fetch = spyFetch(() => ({ body }))
  const client = createClient({
    modules: { currentCart },
    fetch,
    baseUrl: 'https://api.test',
    auth: { getAuthHeaders: () => ({ headers: { Authorization: 'visitor-token' } }) },
  })
  return { fetch, cart: client.currentCart }
}

const address = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
}
const image = 'wix:image://v1/img9/a%20b.jpg#originWidth=10&originHeight=20'

describe('currentCart request shapes (wire-contract §1)', () => {
  const cases: [
    string,
    (cart: ReturnType<typeof setup>['cart']) => Promise<unknown>,
    string,
    string,
    unknown,
  ][] = [
    ['getCurrentCart', (c) => c.getCurrentCart(), 'GET', CART, undefined],
    [
      'updateCurrentCart',
      (c) =>
        c.updateCurrentCart({
          couponCode: 'SAVE10',
          cartFieldmask: ['buyerNote', 'contactInfo'],
          lineItems: [{ id: 'li1', image }],
        }),
      'PATCH',
      CART,
      {
        couponCode: 'SAVE10',
        cartFieldmask: 'buyerNote,contactInfo',
        lineItems: [
          {
            id: 'li1',
            image: {
              id: 'img9',
              url: image,
              width: 10,
              height: 20,
              altText: 'a b.jpg',
              filename: 'a b.jpg',
            },
          },
        ],
      },
    ],
    [
      'addToCurrentCart',
      (c) =>
        c.addToCurrentCart({
          lineItems: [
            {
              quantity: 1,
              catalogReference: {
                catalogItemId: 'p1',
                appId: 'stores',
                options: { variantId: 'v1' },
              },
            },
          ],
          customLineItems: [
            {
              quantity: 1,
              price: '5',
              productName: { original: 'Gift wrap' },
              media: 'https://cdn.test/w.png',
            },
          ],
        }),
      'POST',
      CART + '/add-to-cart',
      {
        lineItems: [
          {
            quantity: 1,
            catalogReference: {
              catalogItemId: 'p1',
              appId: 'stores',
              options: { variantId: 'v1' },
            },
          },
        ],
        customLineItems: [
          {
            quantity: 1,
            price: '5',
            productName: { original: 'Gift wrap' },
            media: { url: 'https://cdn.test/w.png' },
          },
        ],
      },
    ],
    [
      'removeLineItemsFromCurrentCart',
      (c) => c.removeLineItemsFromCurrentCart(['li1', 'li2']),
      'POST',
      CART + '/remove-line-items',
      { lineItemIds: ['li1', 'li2'] },
    ],
    [
      'updateCurrentCartLineItemQuantity',
      (c) => c.updateCurrentCartLineItemQuantity([{ id: 'li1', quantity: 3 }]),
      'POST',
      CART + '/update-line-items-quantity',
      { lineItems: [{ id: 'li1', quantity: 3 }] },
    ],
    [
      'removeCouponFromCurrentCart',
      (c) => c.removeCouponFromCurrentCart(),
      'POST',
      CART + '/remove-coupon',
      {},
    ],
    [
      'createCheckoutFromCurrentCart',
      (c) =>
        c.createCheckoutFromCurrentCart({
          channelType: 'WEB',
          shippingAddress: address,
          email: 'a@b.test',
          selectedShippingOption: { code: 'standard' },
        }),
      'POST',
      CART + '/create-checkout',
      {
        channelType: 'WEB',
        shippingAddress: address,
        email: 'a@b.test',
        selectedShippingOption: { code: 'standard' },
      },
    ],
    [
      'estimateCurrentCartTotals',
      (c) =>
        c.estimateCurrentCartTotals({
          shippingAddress: address,
          selectedShippingOption: { code: 'pickup' },
        }),
      'POST',
      CART + '/estimate-totals',
      { shippingAddress: address, selectedShippingOption: { code: 'pickup' } },
    ],
    ['deleteCurrentCart', (c) => c.deleteCurrentCart(), 'DELETE', CART, undefined],
  ]

  it.each(cases)('%s', async (_name, call, method, path, body) => {
    const { fetch, cart } = setup()
    await call(cart)
    expect(fetch.requests).toHaveLength(1)
    expect(fetch.last.method).toBe(method)
    expect(fetch.last.url.origin + fetch.last.path).toBe('https://api.test' + path)
    expect(fetch.last.url.search).toBe('')
    expect(fetch.last.headers.authorization).toBe('visitor-token')
    expect(fetch.last.body).toEqual(body)
    expect(fetch.last.headers['content-type']).toBe(
      body === undefined ? undefined : 'application/json',
    )
  })

  it('covers all 9 calls', () => {
    const calls = Object.entries(currentCart).filter(([, value]) => typeof value === 'function')
    expect(new Set(cases.map(([name]) => name))).toEqual(new Set(calls.map(([name]) => name)))
    expect(calls).toHaveLength(9)
  })
})

describe('currentCart responses', () => {
  it('getCurrentCart unwraps the cart and decodes dates, floats and images', async () => {
    const { cart } = setup()
    const result = await cart.getCurrentCart()
    expect(result.createdDate).toEqual(new Date('2026-03-01T10:00:00.000Z'))
    const line = result.lineItems[0]!
    expect(line.image).toBe('wix:image://v1/img1/shoe.jpg#originWidth=800&originHeight=600')
    expect(line.physicalProperties?.weight).toBeNaN()
    expect(line.serviceProperties?.scheduledDate).toEqual(new Date('2026-04-01T09:00:00.000Z'))
    expect(result.contactInfo?.address?.geocode?.latitude).toBe(Infinity)
  })

  it('addToCurrentCart answers {cart}; createCheckout answers {checkoutId}; delete answers nothing', async () => {
    expect(
      (await setup().cart.addToCurrentCart({ lineItems: [] })).cart.updatedDate,
    ).toBeInstanceOf(Date)
    expect(await setup({ checkoutId: 'chk1' }).cart.createCheckoutFromCurrentCart()).toEqual({
      checkoutId: 'chk1',
    })
    expect(await setup({}).cart.deleteCurrentCart()).toBeUndefined()
  })

  it('estimateCurrentCartTotals decodes delivery slots, membership expiry and pickup geocodes', async () => {
    const { cart } = setup({
      cart: wireCart,
      shippingInfo: {
        carrierServiceOptions: [
          {
            shippingOptions: [
              {
                code: 'pickup',
                logistics: {
                  deliveryTimeSlot: {
                    from: '2026-04-02T09:00:00.000Z',
                    to: '2026-04-02T17:00:00.000Z',
                  },
                  pickupDetails: { address: { geocode: { latitude: '-Infinity', longitude: 2 } } },
                },
              },
            ],
          },
        ],
      },
      membershipOptions: {
        invalidMemberships: [{ membership: { expirationDate: '2026-01-01T00:00:00.000Z' } }],
      },
      appliedDiscounts: [{ merchantDiscount: { percentage: 'NaN' } }],
    })
    const totals = await cart.estimateCurrentCartTotals()
    const option = totals.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.[0]
    expect(option?.logistics?.deliveryTimeSlot?.from).toEqual(new Date('2026-04-02T09:00:00.000Z'))
    expect(option?.logistics?.pickupDetails?.address?.geocode?.latitude).toBe(-Infinity)
    expect(
      totals.membershipOptions?.invalidMemberships?.[0]?.membership?.expirationDate,
    ).toBeInstanceOf(Date)
    expect(totals.appliedDiscounts?.[0]?.merchantDiscount?.percentage).toBeNaN()
    expect(totals.cart.createdDate).toBeInstanceOf(Date)
  })

  it('passes per-call options: headers and abort signal', async () => {
    const { fetch, cart } = setup()
    await cart.getCurrentCart({ headers: { 'x-trace': 't1' } })
    expect(fetch.last.headers['x-trace']).toBe('t1')
    await expect(cart.getCurrentCart({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })
})

describe('page URLs (pageUrlV2, wire-contract §1.2, §1.3)', () => {
  const page = 'https://shop.example/product-page/shoe'
  const wire = { relativePath: '/product-page/shoe', url: page }
  const withUrl = { cart: { ...wireCart, lineItems: [{ ...wireCart.lineItems[0], url: wire }] } }

  it("answers a line's url as the string the official client gives", async () => {
    expect((await setup(withUrl).cart.getCurrentCart()).lineItems[0]!.url).toBe(page)
    expect((await setup(withUrl).cart.addToCurrentCart({})).cart.lineItems[0]!.url).toBe(page)
    const totals = await setup(withUrl).cart.estimateCurrentCartTotals()
    expect(totals.cart.lineItems[0]!.url).toBe(page)
    // Templates cut it up.
    expect((await setup(withUrl).cart.getCurrentCart()).lineItems[0]!.url!.split('/').pop()).toBe(
      'shoe',
    )
  })

  it('sends a URL as {relativePath, url}, in every place the official client does', async () => {
    const { fetch, cart } = setup()
    const line = { quantity: 1, catalogReference: { catalogItemId: 'p1', appId: 'a' }, url: page }
    const custom = { quantity: 1, price: '5', productName: { original: 'Wrap' }, url: page }
    const params = { lineItems: [line], customLineItems: [custom] }
    await cart.addToCurrentCart(params)
    expect(fetch.last.body).toEqual({
      lineItems: [{ ...line, url: wire }],
      customLineItems: [{ ...custom, url: wire }],
    })
    await cart.updateCurrentCart({ ...params, cartInfo: { lineItems: [{ id: 'li1', url: page }] } })
    expect(fetch.last.body).toEqual({
      cartInfo: { lineItems: [{ id: 'li1', url: wire }] },
      lineItems: [{ ...line, url: wire }],
      customLineItems: [{ ...custom, url: wire }],
    })
    // The caller's objects are left as they were.
    expect(params.lineItems[0]!.url).toBe(page)
  })

  it('takes a path alone (as the local platform answers it) and the wire object as it is', async () => {
    const { fetch, cart } = setup()
    await cart.addToCurrentCart({
      lineItems: [{ url: '/product-page/shoe?ref=1' }, { url: wire as unknown as string }],
    })
    expect(fetch.last.body).toEqual({
      lineItems: [
        { url: { relativePath: '/product-page/shoe', url: '/product-page/shoe?ref=1' } },
        { url: wire },
      ],
    })
  })
})

describe('cart types', () => {
  it('are those of the official module, under its name and with the wire names', async () => {
    const cart: wix.currentCart.Cart = await setup().cart.getCurrentCart()
    expectTypeOf(cart).toEqualTypeOf<Cart>()
    expectTypeOf<wix.currentCart.LineItem>().toEqualTypeOf<LineItem>()
    expectTypeOf<wix.currentCart.MultiCurrencyPrice>().toEqualTypeOf<Money>()
    expectTypeOf<wix.currentCart.ChannelType>().toEqualTypeOf<ChannelType>()
    expectTypeOf<wix.currentCart.ItemTypePreset>().toEqualTypeOf<ItemType>()
    // A line's page is a string, its description lines typed; the wire's `id`, not `_id`.
    expectTypeOf<LineItem['url']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<LineItem['descriptionLines']>().toEqualTypeOf<DescriptionLine[] | undefined>()
    expectTypeOf<LineItem['id']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Cart['contactInfo']>().toExtend<
      { address?: { addressLine?: string; geocode?: { latitude?: number } } } | undefined
    >()
    expect(cart.id).toBe('c1')
  })
})
