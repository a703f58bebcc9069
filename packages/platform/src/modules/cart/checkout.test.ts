import { createClient, currentCart, OAuthStrategy, STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import type { CheckoutSnapshot } from './checkout.js'
import {
  insertProduct,
  insertShippingRule,
  insertTaxRule,
} from '../../test-support/catalog-fixtures.js'
import { rejection } from '../../test-support/rejection.js'

const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Main St' }

describe.each(DIALECTS)('create checkout on %s', (dialect) => {
  let platform: TestPlatform
  const db = () => platform.app.platform.db.kysely
  const shopper = () =>
    createClient({
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: 'demo-storefront' }),
      baseUrl: platform.baseUrl,
    }).currentCart
  const reference = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID })

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    await insertShippingRule(db(), { code: 'standard', countries: ['US'], rate: 7, position: 0 })
    await insertShippingRule(db(), { code: 'express', countries: ['US'], rate: 15, position: 1 })
    await insertTaxRule(db(), { country: 'US', subdivision: 'US-NY', rate: 10 })
  })
  afterAll(() => platform.close())

  it('stores a checkout with a snapshot of the cart and its totals, and returns its id', async () => {
    const product = await insertProduct(db(), { name: 'Mug', price: 12.5 })
    const cart = shopper()
    const { cart: added } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 2, catalogReference: reference(product.id) }],
    })
    await cart.updateCurrentCart({ cartInfo: { buyerNote: 'Gift' } })
    const result = await cart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      shippingAddress: NY,
      billingAddress: { country: 'US' },
      email: 'ann@example.com',
      selectedShippingOption: { code: 'express' },
    })
    expect(result).toEqual({ checkoutId: expect.any(String) })

    const row = await db()
      .selectFrom('checkouts')
      .selectAll()
      .where('id', '=', result.checkoutId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ cart_id: added.id, status: 'CREATED' })
    expect(row.owner_identity_id).toBe(added.buyerInfo!.visitorId)
    const data = JSON.parse(row.data) as CheckoutSnapshot
    expect(data).toMatchObject({
      cartId: added.id,
      channelType: 'WEB',
      currency: 'USD',
      email: 'ann@example.com',
      buyerNote: 'Gift',
      buyerInfo: { visitorId: added.buyerInfo!.visitorId },
      shippingAddress: NY,
      billingAddress: { country: 'US' },
      selectedShippingOption: { code: 'express', cost: { price: { amount: '15.00' } } },
      // (25 + 15) × 10 %
      priceSummary: {
        subtotal: { amount: '25.00' },
        shipping: { amount: '15.00' },
        tax: { amount: '4.00' },
        total: { amount: '44.00' },
      },
      taxSummary: { totalTax: { amount: '4.00' } },
      calculationErrors: null,
      weightUnit: 'KG',
    })
    expect(data.lineItems).toMatchObject([
      {
        id: added.lineItems[0]!.id,
        quantity: 2,
        productName: { original: 'Mug' },
        price: { amount: '12.50' },
      },
    ])
    // The cart stays; each call makes a new checkout.
    expect((await cart.getCurrentCart()).lineItems).toHaveLength(1)
    const again = await cart.createCheckoutFromCurrentCart()
    expect(again.checkoutId).not.toBe(result.checkoutId)
    const plain = JSON.parse(
      (
        await db()
          .selectFrom('checkouts')
          .select('data')
          .where('id', '=', again.checkoutId)
          .executeTakeFirstOrThrow()
      ).data,
    ) as CheckoutSnapshot
    expect(plain).toMatchObject({ channelType: 'WEB', email: null, shippingAddress: null })
    expect(plain.calculationErrors).toMatchObject({
      shippingCalculationError: { applicationError: { code: 'MISSING_SHIPPING_ADDRESS' } },
    })
  })

  it('uses the cart contact info for the address and e-mail', async () => {
    const product = await insertProduct(db(), { price: 10 })
    const cart = shopper()
    await cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: reference(product.id) }],
    })
    await cart.updateCurrentCart({
      cartInfo: { contactInfo: { address: NY, contactDetails: { email: 'bob@example.com' } } },
    })
    const { checkoutId } = await cart.createCheckoutFromCurrentCart()
    const row = await db()
      .selectFrom('checkouts')
      .select('data')
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(row.data)).toMatchObject({
      email: 'bob@example.com',
      shippingAddress: NY,
      selectedShippingOption: { code: 'standard' },
      priceSummary: { total: { amount: '18.70' } },
    })
  })

  it('refuses an empty cart and unavailable items', async () => {
    const product = await insertProduct(db(), { price: 10 })
    const cart = shopper()
    const { cart: added } = await cart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: reference(product.id) }],
    })
    await db().updateTable('products').set({ in_stock: 0 }).where('id', '=', product.id).execute()
    expect(await rejection(cart.createCheckoutFromCurrentCart())).toMatchObject({
      status: 400,
      code: 'LINE_ITEMS_NOT_AVAILABLE',
      data: { lineItemIds: [added.lineItems[0]!.id] },
    })
    await cart.removeLineItemsFromCurrentCart([added.lineItems[0]!.id!])
    expect(await rejection(cart.createCheckoutFromCurrentCart())).toMatchObject({
      status: 400,
      kind: 'application',
      code: 'EMPTY_CART',
    })
    const stored = await db()
      .selectFrom('checkouts')
      .select('id')
      .where('cart_id', '=', added.id!)
      .execute()
    expect(stored).toEqual([])
  })
})
