import { createClient, currentCart, OAuthStrategy, STORES_APP_ID } from '@vitrine/client'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import {
  insertCoupon,
  insertProduct,
  insertShippingRule,
  insertTaxRule,
} from '../../test-support/catalog-fixtures.js'

/*
 * The totals of any cart add up to the cent: random carts (quantities and prices up to the
 * provider's limits, product discounts, coupons, merchant discounts, shipping with free-over
 * thresholds, tax by country and subdivision) are priced by the real platform, and every answer
 * must satisfy total = subtotal − discount + shipping + tax, with no amount ever negative.
 */

/** A wire decimal string ('19.90', '-2.50') in cents. */
const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.')
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2))
  return amount.startsWith('-') ? -value : value
}

/** The amount of a wire money object (typed loosely by the client), in cents. */
const centsOf = (money: unknown): bigint => cents((money as { amount: string }).amount)

/** Every `amount` string anywhere in `value`. */
const amounts = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(amounts)
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'amount' && typeof inner === 'string' ? [inner] : amounts(inner),
  )
}

const REGIONS = [
  { country: 'US', subdivision: 'US-NY' },
  { country: 'US', subdivision: 'US-CA' },
  { country: 'DE' },
  { country: 'JP' },
]
const COUPONS = [undefined, 'PCT10', 'PCT33', 'TAKE25', 'BIGTAKE', 'FREESHIP']

const line = fc.record({
  // Prices up to the catalog's limit, in cents; quantities up to the cart's limit.
  cents: fc.oneof(
    fc.integer({ min: 0, max: 100_00 }),
    fc.integer({ min: 0, max: 100_000_000_000 }),
  ),
  quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100_000 })),
  discount: fc.constantFrom(
    undefined,
    { type: 'PERCENT' as const, value: 15 },
    { type: 'PERCENT' as const, value: 12.5 },
    { type: 'AMOUNT' as const, value: 3.33 },
  ),
})
const cartShape = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  coupon: fc.constantFrom(...COUPONS),
  region: fc.constantFrom(...REGIONS),
  shipping: fc.constantFrom(undefined, 'standard', 'express'),
  merchantDiscount: fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: undefined }),
})

describe.each(DIALECTS)('cart totals (property) on %s', (dialect) => {
  let platform: TestPlatform
  const db = () => platform.app.platform.db.kysely

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    await insertShippingRule(db(), {
      code: 'standard',
      countries: ['*'],
      rate: 4.99,
      freeOver: 50,
      position: 0,
    })
    await insertShippingRule(db(), { code: 'express', countries: ['US', 'DE'], rate: 19.95 })
    await insertTaxRule(db(), { country: 'US', rate: 5 })
    await insertTaxRule(db(), { country: 'US', subdivision: 'US-NY', rate: 8.875 })
    await insertTaxRule(db(), { country: 'DE', rate: 19 })
    await insertCoupon(db(), { code: 'PCT10', type: 'percentage', value: 10 })
    await insertCoupon(db(), { code: 'PCT33', type: 'percentage', value: 33.333 })
    await insertCoupon(db(), { code: 'TAKE25', type: 'amount', value: 25 })
    await insertCoupon(db(), { code: 'BIGTAKE', type: 'amount', value: 1e9 })
    await insertCoupon(db(), { code: 'FREESHIP', type: 'free_shipping' })
  })
  afterAll(() => platform.close())

  /** One visitor's cart, and the merchant's backend acting on it (token and admin key). */
  const clients = () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const visitor = createClient({ modules: { currentCart }, auth, baseUrl: platform.baseUrl })
    const merchant = createClient({
      modules: { currentCart },
      auth: {
        getAuthHeaders: async () => {
          const { headers } = await auth.getAuthHeaders()
          return { headers: { Authorization: `${headers.Authorization},${platform.adminKey}` } }
        },
      },
      baseUrl: platform.baseUrl,
    })
    return { visitor: visitor.currentCart, merchant: merchant.currentCart }
  }

  it('total = subtotal − discount + shipping + tax to the cent, and no amount is negative', async () => {
    const { visitor, merchant } = clients()
    await fc.assert(
      fc.asyncProperty(cartShape, async (shape) => {
        await visitor.deleteCurrentCart().catch(() => undefined)
        const lineItems = []
        for (const { cents: price, quantity, discount } of shape.lines) {
          const product = await insertProduct(db(), { price: Number(price) / 100, discount })
          lineItems.push({
            quantity,
            catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID },
          })
        }
        await visitor.addToCurrentCart({ lineItems })
        if (shape.coupon)
          await visitor.updateCurrentCart({ couponCode: shape.coupon }).catch(() => undefined)
        if (shape.merchantDiscount !== undefined)
          await merchant.updateCurrentCart({
            merchantDiscounts: [{ amount: (shape.merchantDiscount / 100).toFixed(2) }],
          })
        const estimate = await visitor.estimateCurrentCartTotals({
          shippingAddress: shape.region,
          ...(shape.shipping && { selectedShippingOption: { code: shape.shipping } }),
        })
        const summary = estimate.priceSummary!
        const [subtotal, discount, shipping, tax, total] = [
          summary.subtotal,
          summary.discount,
          summary.shipping,
          summary.tax,
          summary.total,
        ].map((money) => cents(money!.amount!))
        expect(total).toBe(subtotal! - discount! + shipping! + tax!)
        // The cart's own figures agree with the estimate's.
        const lines = estimate.cart!.lineItems!
        expect(subtotal).toBe(lines.reduce((sum, item) => sum + centsOf(item.lineItemPrice), 0n))
        expect(centsOf(estimate.cart!.subtotalAfterDiscounts)).toBeLessThanOrEqual(subtotal!)
        // Each line's price × quantity is its line price, exactly.
        for (const item of lines)
          expect(centsOf(item.lineItemPrice)).toBe(centsOf(item.price) * BigInt(item.quantity!))
        // The tax split over the lines and the shipping adds up to the tax.
        const lineTaxes = (estimate.calculatedLineItems ?? []).reduce<bigint>(
          (sum, item) =>
            sum +
            centsOf(
              (item as { pricesBreakdown: { taxDetails: { totalTax: unknown } } }).pricesBreakdown
                .taxDetails.totalTax,
            ),
          0n,
        )
        expect(lineTaxes).toBeLessThanOrEqual(tax!)
        for (const amount of amounts(estimate)) expect(amount.startsWith('-'), amount).toBe(false)
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('stays exact at the limits: 4 × (99,999 × $999,999,999.99), SAVE10 and tax', async () => {
    const { visitor } = clients()
    await visitor.deleteCurrentCart().catch(() => undefined)
    const lineItems = []
    for (let i = 0; i < 4; i++) {
      const product = await insertProduct(db(), { price: 999_999_999.99 })
      lineItems.push({
        quantity: 99_999,
        catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID },
      })
    }
    const { cart } = await visitor.addToCurrentCart({ lineItems })
    expect(cart.lineItems[0]!.lineItemPrice).toMatchObject({
      amount: '99998999999000.01',
      formattedAmount: '$99,998,999,999,000.01',
    })
    await visitor.updateCurrentCart({ couponCode: 'PCT10' })
    const { priceSummary } = await visitor.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-NY' },
    })
    // 399,995,999,996,000.04 − 10 % (39,999,599,999,600.00) = 359,996,399,996,400.04;
    // 8.875 % tax on it (shipping is free over $50) = 31,949,680,499,680.50.
    expect(priceSummary).toMatchObject({
      subtotal: { amount: '399995999996000.04' },
      discount: { amount: '39999599999600.00' },
      shipping: { amount: '0.00' },
      tax: { amount: '31949680499680.50' },
      total: { amount: '391946080496080.54' },
    })
  })
})
