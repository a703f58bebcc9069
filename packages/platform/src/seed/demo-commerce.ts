import type { DemoSeeder } from './demo.js'
import { stableId } from './demo-rows.js'

/** Where the shop is: the store pickup point. */
const STORE_ADDRESS = {
  addressLine: '120 Mercer Street',
  city: 'New York',
  subdivision: 'US-NY',
  country: 'US',
  postalCode: '10012',
}

/** The countries with their own standard and express shipping. */
const DOMESTIC = ['US', 'CA', 'GB', 'DE', 'FR', 'IL', 'NL', 'IT', 'ES', 'AU']

/** `[code, title, countries, rate, free over, delivery time]`; `pickup` is at the store. */
const SHIPPING: [string, string, string[], number, number | null, string][] = [
  ['standard', 'Standard Shipping', DOMESTIC, 5.95, 100, '3–5 business days'],
  ['express', 'Express Shipping', DOMESTIC, 14.95, null, '1–2 business days'],
  ['worldwide', 'Worldwide Standard', ['*'], 19.95, null, '7–14 business days'],
  ['pickup', 'Store Pickup (New York)', ['*'], 0, null, 'Ready within 2 hours'],
]

/** `[country, subdivision, rate %, name]`: the more specific rule wins. */
const TAXES: [string, string | null, number, string][] = [
  ['US', 'US-NY', 8.875, 'New York sales tax'],
  ['US', 'US-CA', 7.25, 'California sales tax'],
  ['US', null, 5, 'Sales tax'],
  ['GB', null, 20, 'VAT'],
  ['DE', null, 19, 'MwSt.'],
  ['FR', null, 20, 'TVA'],
  ['IL', null, 17, 'VAT'],
  ['CA', null, 5, 'GST'],
]

/**
 * The demo shop's commerce rules: coupons `SAVE10` (10 % off), `WELCOME5` (5 off from 30) and
 * `FREESHIP`; standard and express shipping for the main countries (standard free over 100), a
 * worldwide rate, store pickup; sales tax and VAT for the US (New York, California), Canada, the
 * UK, Germany, France and Israel.
 */
export const seedDemoCommerce: DemoSeeder = async (trx) => {
  await trx
    .insertInto('coupons')
    .values(
      [
        { code: 'SAVE10', name: '10% off your order', type: 'percentage', value: 10 },
        {
          code: 'WELCOME5',
          name: '$5 off orders of $30 or more',
          type: 'amount',
          value: 5,
          minimum_subtotal: 30,
        },
        { code: 'FREESHIP', name: 'Free shipping', type: 'free_shipping', value: 0 },
      ].map((coupon) => ({ minimum_subtotal: null, active: 1, expires_at: null, ...coupon })),
    )
    .execute()
  await trx
    .insertInto('shipping_rules')
    .values(
      SHIPPING.map(([code, title, countries, rate, free_over, delivery_time], position) => ({
        code,
        title,
        rate,
        free_over,
        delivery_time,
        id: stableId('shipping', code),
        countries: JSON.stringify(countries),
        pickup: code === 'pickup' ? 1 : 0,
        pickup_address: code === 'pickup' ? JSON.stringify(STORE_ADDRESS) : null,
        position,
      })),
    )
    .execute()
  await trx
    .insertInto('tax_rules')
    .values(
      TAXES.map(([country, subdivision, rate, name]) => ({
        id: stableId('tax', country, subdivision ?? ''),
        country,
        subdivision,
        rate,
        name,
      })),
    )
    .execute()
}
