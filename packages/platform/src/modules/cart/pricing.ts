import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { lineData } from './lines.js'
import type { Address, SelectedShippingOption } from './schema.js'
import { shippingChoices, shippingRulesFor } from './shipping.js'
import type { CartState } from './state.js'
import { taxRuleFor } from './tax.js'
import { computeTotals, type ShippingInput, type Totals } from './totals.js'

/** What totals are asked for (the body of estimate-totals and of create-checkout). */
export interface PricingRequest {
  shippingAddress?: Address
  billingAddress?: Address
  selectedShippingOption?: SelectedShippingOption
  calculateShipping?: boolean
  calculateTax?: boolean
}

/** The totals with the addresses they were computed for. */
export interface Pricing {
  totals: Totals
  /** The shipping address used: the request's, else the cart's `contactInfo.address`. */
  shippingAddress?: Address
  billingAddress?: Address
}

/**
 * Prices `state` for `request`: the shipping options of `shipping_rules` for the address's
 * country (none needed when nothing is shippable; an error without a country or without a rule),
 * the tax rule of the shipping address (else the billing address), and the discounts.
 */
export async function priceCart(
  db: Kysely<Schema>,
  state: CartState,
  request: PricingRequest,
): Promise<Pricing> {
  const stored = state.cart.contact_info
    ? (JSON.parse(state.cart.contact_info) as { address?: Address }).address
    : undefined
  const shippingAddress = request.shippingAddress ?? stored
  const country = shippingAddress?.country?.toUpperCase() || null
  const shippable = state.lines.some((line) => lineData(line).shippable)
  let shipping: ShippingInput | null = null
  if (request.calculateShipping !== false && shippable) {
    if (!country)
      shipping = {
        country,
        choices: [],
        error: {
          code: 'MISSING_SHIPPING_ADDRESS',
          description: 'Shipping needs a shipping address with a country',
        },
      }
    else {
      const itemsNet = state.subtotalMinor - state.discounts.itemsMinor
      const rules = await shippingRulesFor(db, country)
      const choices = shippingChoices(rules, state.cart.currency, itemsNet)
      shipping = {
        country,
        choices,
        selected: request.selectedShippingOption,
        ...(choices.length === 0 && {
          error: {
            code: 'NO_SHIPPING_OPTIONS',
            description: `No shipping options deliver to ${country}`,
          },
        }),
      }
    }
  }
  const taxRule =
    request.calculateTax === false
      ? null
      : await taxRuleFor(db, shippingAddress?.country ? shippingAddress : request.billingAddress)
  return {
    totals: computeTotals(state, shipping, taxRule),
    ...(shippingAddress && { shippingAddress }),
    ...(request.billingAddress && { billingAddress: request.billingAddress }),
  }
}
