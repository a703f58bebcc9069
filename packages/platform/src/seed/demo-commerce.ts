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

const SHIPPING = [
  {
    code: 'standard',
    title: 'Standard Shipping',
    countries: DOMESTIC,
    rate: 5.95,
    free_over: 100,
    delivery_time: '3–5 business days',
  },
  {
    code: 'express',
    title: 'Express Shipping',
    countries: DOMESTIC,
    rate: 14.95,
    free_over: null,
    delivery_time: '1–2 business days',
  },
  {
    code: 'worldwide',
    title: 'Worldwide Standard',
    countries: ['*'],
    rate: 19.95,
    free_over: null,
    delivery_time: '7–14 business days',
  },
  {
    code: 'pickup',
    title: 'Store Pickup (New York)',
    countries: ['*'],
    rate: 0,
    free_over: null,
    delivery_time: 'Ready within 2 hours',
    pickup: STORE_ADDRESS,
  },
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
      SHIPPING.map(({ pickup, countries, ...rule }, position) => ({
        ...rule,
        id: stableId('shipping', rule.code),
        countries: JSON.stringify(countries),
        pickup: pickup ? 1 : 0,
        pickup_address: pickup ? JSON.stringify(pickup) : null,
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
