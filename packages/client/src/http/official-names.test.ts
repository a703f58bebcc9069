import { describe, expect, it } from 'vitest'
import { currentCart } from '../cart/current-cart.js'
import { products } from '../catalog/products.js'
import { createClient } from '../client/create-client.js'
import { redirects } from '../redirects/redirect-sessions.js'
import { spyFetch } from '../test-support/spy-fetch.js'

// JavaScript ported from the official client: untyped, as a JavaScript caller writes it.
const setup = () => {
  const fetch = spyFetch()
  const client = createClient({ modules: { currentCart, products, redirects }, fetch })
  return { fetch, client: client as any }
}

describe("the official client's field names", () => {
  it.each([
    [
      '`_id` of a line item',
      (c: any) => c.currentCart.updateCurrentCartLineItemQuantity([{ _id: 'li1', quantity: 2 }]),
      "`lineItems.0._id`: `_id` is the official client's name; this client sends the wire's names, use `id`.",
    ],
    [
      '`addressLine1` of a shipping address',
      (c: any) =>
        c.currentCart.estimateCurrentCartTotals({
          shippingAddress: { country: 'US', addressLine1: '1 Main St' },
        }),
      "`shippingAddress.addressLine1`: `addressLine1` is the official client's name; this client sends the wire's names, use `addressLine`.",
    ],
    [
      '`location` of an address',
      (c: any) =>
        c.currentCart.estimateCurrentCartTotals({
          billingAddress: { location: { latitude: 1, longitude: 2 } },
        }),
      'use `geocode`',
    ],
    [
      '`formatted` of an address',
      (c: any) =>
        c.currentCart.updateCurrentCart({
          cartInfo: { contactInfo: { address: { formatted: '1 Main St, Springfield' } } },
        }),
      '`cartInfo.contactInfo.address.formatted`',
    ],
    [
      '`_id` in a query filter',
      (c: any) => c.products.queryProducts().eq('_id', 'p1').find(),
      '`query.filter._id`',
    ],
    [
      '`_createdDate` as a sort field',
      (c: any) => c.products.queryProducts({ sort: [{ fieldName: '_createdDate' }] }),
      'use `createdDate`',
    ],
    [
      '`_id` as a segment of a dotted filter key',
      (c: any) => c.products.queryProducts({ filter: { 'media._id': { $exists: true } } }),
      "`query.filter.media._id`: `_id` is the official client's name; this client sends the wire's names, use `id`.",
    ],
    [
      '`_createdDate` as a segment of a dotted sort field',
      (c: any) => c.products.queryProducts().descending('variants._createdDate').find(),
      'use `createdDate`',
    ],
    [
      '`_updatedDate` in a nested $and',
      (c: any) =>
        c.products.queryProducts({ filter: { $and: [{ _updatedDate: { $gt: '2026-01-01' } }] } }),
      '`query.filter.$and.0._updatedDate`',
    ],
  ])('refuses %s with an error naming the field, and sends nothing', async (_, call, message) => {
    const { fetch, client } = setup()
    const result = call(client)
    await expect(result).rejects.toThrow(TypeError)
    await expect(result).rejects.toThrow(message)
    expect(fetch.requests).toHaveLength(0)
  })

  it("sends the wire's names, and `location` outside an address, as they are", async () => {
    const { fetch, client } = setup()
    await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: { addressLine: '1 Main St', geocode: { latitude: 1, longitude: 2 } },
    })
    expect(fetch.last.body).toEqual({
      shippingAddress: { addressLine: '1 Main St', geocode: { latitude: 1, longitude: 2 } },
    })
    await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: 'c1' },
      preferences: { additionalQueryParameters: { location: 'shop', constructor: 'x' } },
    })
    expect((fetch.last.body as any).preferences).toEqual({
      additionalQueryParameters: { location: 'shop', constructor: 'x' },
    })
  })
})
