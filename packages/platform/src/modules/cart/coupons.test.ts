import { createClient, currentCart, OAuthStrategy, STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { couponId } from './discounts.js'
import {
  insertCoupon,
  insertProduct,
  insertShippingRule,
} from '../../test-support/catalog-fixtures.js'
import { rejection } from '../../test-support/rejection.js'

describe.each(DIALECTS)('coupons on %s', (dialect) => {
  let platform: TestPlatform
  let productId: string
  const db = () => platform.app.platform.db.kysely
  /** A new shopper with `quantity` × $20 in the cart. */
  const cartOf = async (quantity: number) => {
    const cart = createClient({
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: 'demo-storefront' }),
      baseUrl: platform.baseUrl,
    }).currentCart
    const { cart: added } = await cart.addToCurrentCart({
      lineItems: [
        { quantity, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ],
    })
    return { cart, lineId: added.lineItems[0]!.id!, cartId: added.id! }
  }
  const storedCode = async (cartId: string) =>
    (
      await db()
        .selectFrom('carts')
        .select('coupon_code')
        .where('id', '=', cartId)
        .executeTakeFirst()
    )?.coupon_code

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    productId = (await insertProduct(db(), { price: 20 })).id
    await insertShippingRule(db(), { code: 'standard', countries: ['US'], rate: 7 })
    await insertCoupon(db(), { code: 'SAVE10', name: '10% off', type: 'percentage', value: 10 })
    await insertCoupon(db(), { code: 'FIVE', type: 'amount', value: 5 })
    await insertCoupon(db(), { code: 'HUGE', type: 'amount', value: 1000 })
    await insertCoupon(db(), { code: 'SHIPFREE', type: 'free_shipping' })
    await insertCoupon(db(), { code: 'MIN50', type: 'percentage', value: 10, minimumSubtotal: 50 })
    await insertCoupon(db(), { code: 'OFF', type: 'amount', value: 5, active: false })
    await insertCoupon(db(), {
      code: 'OLD',
      type: 'amount',
      value: 5,
      expiresAt: '2020-01-01T00:00:00.000Z',
    })
  })
  afterAll(() => platform.close())

  it('applies a percentage coupon (any case of its code) and removes it', async () => {
    const { cart } = await cartOf(2)
    const applied = await cart.updateCurrentCart({ couponCode: 'save10' })
    expect(applied.appliedDiscounts).toEqual([
      {
        discountType: 'GLOBAL',
        coupon: {
          id: couponId('SAVE10'),
          code: 'SAVE10',
          name: '10% off',
          amount: {
            amount: '4.00',
            convertedAmount: '4.00',
            formattedAmount: '$4.00',
            formattedConvertedAmount: '$4.00',
          },
        },
      },
    ])
    expect(applied.subtotal?.amount).toBe('40.00')
    expect(applied.subtotalAfterDiscounts).toMatchObject({ amount: '36.00' })
    const { cart: removed } = await cart.removeCouponFromCurrentCart()
    expect(removed.appliedDiscounts).toEqual([])
    expect(removed.subtotalAfterDiscounts).toMatchObject({ amount: '40.00' })
  })

  it('applies an amount coupon, never beyond the subtotal', async () => {
    const { cart } = await cartOf(2)
    expect((await cart.updateCurrentCart({ couponCode: 'FIVE' })).appliedDiscounts).toMatchObject([
      { coupon: { code: 'FIVE', amount: { amount: '5.00' } } },
    ])
    const huge = await cart.updateCurrentCart({ couponCode: 'HUGE' })
    expect(huge.appliedDiscounts).toMatchObject([{ coupon: { amount: { amount: '40.00' } } }])
    expect(huge.subtotalAfterDiscounts).toMatchObject({ amount: '0.00' })
    const totals = await cart.estimateCurrentCartTotals({ shippingAddress: { country: 'US' } })
    expect(totals.priceSummary).toMatchObject({
      discount: { amount: '40.00' },
      total: { amount: '7.00' },
    })
  })

  it('takes the shipping off with a free-shipping coupon', async () => {
    const { cart } = await cartOf(1)
    const applied = await cart.updateCurrentCart({ couponCode: 'SHIPFREE' })
    expect(applied.appliedDiscounts).toMatchObject([
      { discountType: 'SHIPPING', coupon: { code: 'SHIPFREE', amount: { amount: '0.00' } } },
    ])
    const totals = await cart.estimateCurrentCartTotals({ shippingAddress: { country: 'US' } })
    expect(totals.priceSummary).toMatchObject({
      subtotal: { amount: '20.00' },
      shipping: { amount: '7.00' },
      discount: { amount: '7.00' },
      total: { amount: '20.00' },
    })
    expect(totals.appliedDiscounts).toMatchObject([
      { discountType: 'SHIPPING', coupon: { amount: { amount: '7.00' } } },
    ])
  })

  it('refuses unknown, disabled, expired and below-minimum coupons, keeping the cart as it was', async () => {
    const { cart, cartId } = await cartOf(2)
    await cart.updateCurrentCart({ couponCode: 'FIVE' })
    const cases: [string, string][] = [
      ['NOPE', 'COUPON_DOES_NOT_EXIST'],
      ['OFF', 'COUPON_IS_DISABLED'],
      ['OLD', 'COUPON_HAS_EXPIRED'],
      ['MIN50', 'COUPON_MINIMUM_SUBTOTAL_NOT_REACHED'],
    ]
    for (const [code, errorCode] of cases) {
      const error = await rejection(cart.updateCurrentCart({ couponCode: code }))
      expect(error, code).toMatchObject({ status: 400, kind: 'application', code: errorCode })
      expect(error.data).toMatchObject({ couponCode: code })
      expect(await storedCode(cartId)).toBe('FIVE')
    }
    const below = await rejection(cart.updateCurrentCart({ couponCode: 'MIN50' }))
    expect(below.data).toMatchObject({ minimumSubtotal: { amount: '50.00' } })
  })

  it('applies a minimum-subtotal coupon once reached, and drops it when the cart falls below', async () => {
    const { cart, lineId, cartId } = await cartOf(3)
    const applied = await cart.updateCurrentCart({ couponCode: 'MIN50' })
    expect(applied.appliedDiscounts).toMatchObject([{ coupon: { amount: { amount: '6.00' } } }])
    const { cart: below } = await cart.updateCurrentCartLineItemQuantity([
      { id: lineId, quantity: 2 },
    ])
    expect(below.appliedDiscounts).toEqual([])
    expect(await storedCode(cartId)).toBeNull()
    const { cart: back } = await cart.updateCurrentCartLineItemQuantity([
      { id: lineId, quantity: 3 },
    ])
    expect(back.appliedDiscounts).toEqual([])
    // Applied in the same call as the items that reach the minimum.
    const together = await cart.updateCurrentCart({
      couponCode: 'MIN50',
      lineItems: [{ id: lineId, quantity: 4 }],
    })
    expect(together.appliedDiscounts).toMatchObject([{ coupon: { amount: { amount: '8.00' } } }])
  })

  it('stops applying a coupon disabled after it was added', async () => {
    await insertCoupon(db(), { code: 'LATER', type: 'amount', value: 1 })
    const { cart } = await cartOf(1)
    await cart.updateCurrentCart({ couponCode: 'LATER' })
    await db().updateTable('coupons').set({ active: 0 }).where('code', '=', 'LATER').execute()
    expect((await cart.getCurrentCart()).appliedDiscounts).toEqual([])
  })
})
