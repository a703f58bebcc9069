import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storesLine, visitorClient } from '../../test-support/cart.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { CARRIER_ID } from './pricing.js'
import {
  insertCoupon,
  insertProduct,
  insertShippingRule,
  insertTaxRule,
} from '../../test-support/catalog-fixtures.js'

const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }
const STORE = { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '5 Shop St' }
const LOCKER = { country: 'FR', city: 'Paris', addressLine: '1 Rue du Casier' }

describe.each(DIALECTS)('estimate totals on %s', (dialect) => {
  let platform: TestPlatform
  const db = () => platform.app.platform.db.kysely
  /** A new shopper whose cart holds `quantity` units of a product at `price`. */
  const cartWith = async (
    price: number,
    quantity: number,
    productType: 'physical' | 'digital' = 'physical',
  ) => {
    const product = await insertProduct(db(), { price, productType })
    const cart = visitorClient(platform.baseUrl).currentCart
    await cart.addToCurrentCart({ lineItems: [storesLine(quantity, product.id)] })
    return cart
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    await insertShippingRule(db(), {
      code: 'standard',
      title: 'Standard',
      countries: ['US', 'CA'],
      rate: 7,
      freeOver: 100,
      deliveryTime: '3-5 business days',
      position: 0,
    })
    await insertShippingRule(db(), {
      code: 'express',
      title: 'Express',
      countries: ['US'],
      rate: 15,
      deliveryTime: '1-2 business days',
      position: 1,
    })
    await insertShippingRule(db(), {
      code: 'pickup',
      title: 'Pick up in store',
      countries: ['US'],
      rate: 0,
      pickupAddress: STORE,
      position: 2,
    })
    await insertShippingRule(db(), {
      code: 'locker',
      title: 'Parcel locker',
      countries: ['FR'],
      rate: 2,
      pickupAddress: LOCKER,
      pickupMethod: 'PICKUP_POINT',
      position: 3,
    })
    await insertTaxRule(db(), { country: 'US', rate: 5 })
    await insertTaxRule(db(), { country: 'US', subdivision: 'US-NY', rate: 8.875 })
    await insertTaxRule(db(), { country: 'FR', rate: 20 })
    await insertCoupon(db(), { code: 'SAVE10', type: 'percentage', value: 10 })
  })
  afterAll(() => platform.close())

  it('prices the shipping options of the address country, the subdivision tax and the total', async () => {
    const cart = await cartWith(20, 2)
    const totals = await cart.estimateCurrentCartTotals({ shippingAddress: NY })
    // (40 + 7) × 8.875 % = 4.17125 → 4.17
    expect(totals.priceSummary).toMatchObject({
      subtotal: { amount: '40.00', formattedAmount: '$40.00' },
      shipping: { amount: '7.00' },
      tax: { amount: '4.17' },
      discount: { amount: '0.00' },
      total: { amount: '51.17', formattedAmount: '$51.17' },
      additionalFees: { amount: '0.00' },
    })
    const options = totals.shippingInfo?.carrierServiceOptions
    expect(options).toHaveLength(1)
    expect(options![0]!.carrierId).toBe(CARRIER_ID)
    expect(
      options![0]!.shippingOptions!.map((option) => [option.code, option.cost?.price?.amount]),
    ).toEqual([
      ['standard', '7.00'],
      ['express', '15.00'],
      ['pickup', '0.00'],
    ])
    expect(options![0]!.shippingOptions![0]).toMatchObject({
      title: 'Standard',
      logistics: { deliveryTime: '3-5 business days' },
      cost: { totalPriceAfterTax: { amount: '7.62' } },
    })
    expect(totals.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: 'standard',
      carrierId: CARRIER_ID,
    })
    expect(totals.shippingInfo?.region).toEqual({ id: 'US', name: 'US' })
    expect(totals.taxSummary).toMatchObject({
      totalTax: { amount: '4.17' },
      taxableAmount: { amount: '47.00' },
      calculationDetails: { rateType: 'MANUAL_RATE' },
    })
    expect(totals).toMatchObject({
      currency: 'USD',
      weightUnit: 'KG',
      payNow: { amount: '51.17' },
      payLater: { amount: '0.00' },
      membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
      violations: [],
      appliedDiscounts: [],
    })
    expect(totals.calculationErrors).toBeUndefined()
    expect(totals.cart.subtotal?.amount).toBe('40.00')
    const [line] = totals.calculatedLineItems as { pricesBreakdown: Record<string, any> }[]
    // The tax is split between the line (40) and the shipping (7).
    expect(line!.pricesBreakdown).toMatchObject({
      lineItemPrice: { amount: '40.00' },
      totalPriceBeforeTax: { amount: '40.00' },
      taxDetails: { totalTax: { amount: '3.55' }, taxRate: '0.08875' },
      totalPriceAfterTax: { amount: '43.55' },
    })
  })

  it('uses the selected option, the country rule without a subdivision rule, and the NY short form', async () => {
    const cart = await cartWith(20, 2)
    const express = await cart.estimateCurrentCartTotals({
      shippingAddress: NY,
      selectedShippingOption: { code: 'express' },
    })
    // (40 + 15) × 8.875 % = 4.88125
    expect(express.priceSummary).toMatchObject({
      shipping: { amount: '15.00' },
      tax: { amount: '4.88' },
    })
    expect(express.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: 'express',
      requestedShippingOption: true,
    })
    const california = await cart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-CA' },
    })
    // (40 + 7) × 5 %
    expect(california.priceSummary).toMatchObject({
      tax: { amount: '2.35' },
      total: { amount: '49.35' },
    })
    const shortForm = await cart.estimateCurrentCartTotals({
      shippingAddress: { country: 'us', subdivision: 'NY' },
    })
    expect(shortForm.priceSummary?.tax?.amount).toBe('4.17')
    const unknownOption = await cart.estimateCurrentCartTotals({
      shippingAddress: NY,
      selectedShippingOption: { code: 'teleport' },
    })
    expect(unknownOption.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: 'standard',
      requestedShippingOption: false,
    })
  })

  it('ships free over the threshold, counted after discounts', async () => {
    const big = await cartWith(60, 2)
    const free = await big.estimateCurrentCartTotals({ shippingAddress: { country: 'CA' } })
    expect(free.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions).toMatchObject([
      { code: 'standard', cost: { price: { amount: '0.00' } } },
    ])
    expect(free.priceSummary).toMatchObject({
      shipping: { amount: '0.00' },
      tax: { amount: '0.00' },
    })
    expect(free.taxSummary).toMatchObject({ calculationDetails: { rateType: 'NO_TAX_COLLECTED' } })

    // 2 × 55 = 110, but 99 after 10 % off: shipping is due again.
    const near = await cartWith(55, 2)
    await near.updateCurrentCart({ couponCode: 'SAVE10' })
    const discounted = await near.estimateCurrentCartTotals({ shippingAddress: { country: 'CA' } })
    expect(discounted.priceSummary).toMatchObject({
      subtotal: { amount: '110.00' },
      discount: { amount: '11.00' },
      shipping: { amount: '7.00' },
      total: { amount: '106.00' },
    })
    expect(discounted.appliedDiscounts).toMatchObject([
      { discountType: 'GLOBAL', coupon: { code: 'SAVE10', amount: { amount: '11.00' } } },
    ])
  })

  it('offers pickup options with their address and method', async () => {
    const cart = await cartWith(20, 1)
    const pickup = await cart.estimateCurrentCartTotals({
      shippingAddress: NY,
      selectedShippingOption: { code: 'pickup', carrierId: CARRIER_ID },
    })
    expect(pickup.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: 'pickup',
      cost: { price: { amount: '0.00' } },
      logistics: { pickupDetails: { address: STORE, pickupMethod: 'STORE_PICKUP' } },
    })
    // 20 × 8.875 % = 1.775 → 1.78
    expect(pickup.priceSummary).toMatchObject({
      shipping: { amount: '0.00' },
      total: { amount: '21.78' },
    })
    const paris = await cart.estimateCurrentCartTotals({ shippingAddress: { country: 'FR' } })
    expect(paris.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions).toMatchObject([
      {
        code: 'locker',
        logistics: { pickupDetails: { address: LOCKER, pickupMethod: 'PICKUP_POINT' } },
      },
    ])
    // (20 + 2) × 20 %
    expect(paris.priceSummary).toMatchObject({
      tax: { amount: '4.40' },
      total: { amount: '26.40' },
    })
  })

  it('reports calculation errors: no address, no option for the country', async () => {
    const cart = await cartWith(20, 1)
    const noAddress = await cart.estimateCurrentCartTotals()
    expect(noAddress.calculationErrors).toEqual({
      shippingCalculationError: {
        applicationError: {
          code: 'MISSING_SHIPPING_ADDRESS',
          description: expect.any(String),
          data: {},
        },
      },
    })
    expect(noAddress.priceSummary).toMatchObject({
      shipping: { amount: '0.00' },
      total: { amount: '20.00' },
    })
    expect(noAddress.shippingInfo?.carrierServiceOptions).toEqual([])
    const japan = await cart.estimateCurrentCartTotals({ shippingAddress: { country: 'JP' } })
    expect(japan.calculationErrors).toMatchObject({
      shippingCalculationError: { applicationError: { code: 'NO_SHIPPING_OPTIONS' } },
    })
    expect(japan.shippingInfo?.selectedCarrierServiceOption).toBeUndefined()
    // A rule for every country ('*') serves Japan too.
    await insertShippingRule(db(), { code: 'world', countries: ['*'], rate: 30, position: 9 })
    try {
      const world = await cart.estimateCurrentCartTotals({ shippingAddress: { country: 'JP' } })
      expect(world.calculationErrors).toBeUndefined()
      expect(world.priceSummary?.shipping?.amount).toBe('30.00')
    } finally {
      await db().deleteFrom('shipping_rules').where('code', '=', 'world').execute()
    }
  })

  it('needs no shipping for digital items; reads the cart address; can skip tax', async () => {
    const digital = await cartWith(9.99, 1, 'digital')
    const noShipping = await digital.estimateCurrentCartTotals({ shippingAddress: NY })
    expect(noShipping.calculationErrors).toBeUndefined()
    expect(noShipping.shippingInfo?.carrierServiceOptions).toEqual([])
    // 9.99 × 8.875 % = 0.8866 → 0.89
    expect(noShipping.priceSummary).toMatchObject({
      tax: { amount: '0.89' },
      total: { amount: '10.88' },
    })

    const cart = await cartWith(20, 2)
    await cart.updateCurrentCart({ cartInfo: { contactInfo: { address: NY } } })
    const stored = await cart.estimateCurrentCartTotals()
    expect(stored.priceSummary?.total?.amount).toBe('51.17')
    const untaxed = await cart.estimateCurrentCartTotals({ calculateTax: false })
    expect(untaxed.priceSummary).toMatchObject({
      tax: { amount: '0.00' },
      total: { amount: '47.00' },
    })
    const billingOnly = await (
      await cartWith(10, 1, 'digital')
    ).estimateCurrentCartTotals({ billingAddress: { country: 'FR' } })
    expect(billingOnly.priceSummary?.tax?.amount).toBe('2.00')
  })

  it('flags lines that are no longer available as violations', async () => {
    const product = await insertProduct(db(), { price: 5, trackInventory: true, quantity: 5 })
    const cart = visitorClient(platform.baseUrl).currentCart
    const { cart: added } = await cart.addToCurrentCart({ lineItems: [storesLine(4, product.id)] })
    await db().updateTable('products').set({ quantity: 2 }).where('id', '=', product.id).execute()
    const partial = await cart.estimateCurrentCartTotals({ shippingAddress: NY })
    expect(partial.cart.lineItems[0]!.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 2,
    })
    expect(partial.violations).toEqual([
      {
        severity: 'WARNING',
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: added.lineItems[0]!.id } },
        description: expect.any(String),
      },
    ])
    await db().deleteFrom('variants').where('product_id', '=', product.id).execute()
    await db().deleteFrom('products').where('id', '=', product.id).execute()
    const gone = await cart.estimateCurrentCartTotals({ shippingAddress: NY })
    expect(gone.cart.lineItems[0]!.availability).toEqual({ status: 'NOT_FOUND' })
    expect(gone.violations).toMatchObject([{ severity: 'ERROR' }])
  })
})
