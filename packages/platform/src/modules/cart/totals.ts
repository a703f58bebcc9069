import { lineData } from './lines.js'
import { allocate, percentOf, type Minor } from '../../money.js'
import type { ShippingChoice } from './shipping.js'
import { lineTotalMinor, type CartState } from './state.js'
import type { TaxRuleRow } from './tax.js'

/** A calculation that could not be made, as `calculationErrors` reports it. */
export interface CalculationError {
  code: 'MISSING_SHIPPING_ADDRESS' | 'NO_SHIPPING_OPTIONS'
  description: string
}

/** What shipping the totals use: the options for the address, or why there are none. */
export interface ShippingInput {
  /** The address's country, when there is one. */
  country: string | null
  choices: ShippingChoice[]
  selected?: { code: string; carrierId?: string }
  error?: CalculationError
}

/** The totals of a cart, in minor units of the cart's currency. */
export interface Totals {
  subtotalMinor: Minor
  /** Taken off the items (coupon and merchant discounts). */
  itemsDiscountMinor: Minor
  shippingMinor: Minor
  /** Taken off the shipping (a free-shipping coupon). */
  shippingDiscountMinor: Minor
  /** Items after discounts plus shipping after its discount: what the tax applies to. */
  taxableMinor: Minor
  taxMinor: Minor
  totalMinor: Minor
  /** Whether any line is shipped. */
  shippable: boolean
  shipping: ShippingInput | null
  selected: ShippingChoice | null
  taxRule: TaxRuleRow | null
  /** Per line: after discounts, and its share of the tax. */
  lines: Map<string, { totalMinor: Minor; discountMinor: Minor; taxMinor: Minor }>
  shippingTaxMinor: Minor
}

/** The tax of `minor` at `rule`'s rate (a percentage), rounded to a minor unit. */
export const taxOf = (minor: Minor, rule: TaxRuleRow | null): Minor =>
  rule ? percentOf(minor, rule.rate) : 0n

/**
 * The totals of `state`: subtotal − item discounts + shipping (the selected option, else the
 * first; minus a free-shipping coupon) + tax on all of that at `taxRule`'s rate. The tax is
 * computed once on the sum, then split over the lines and the shipping in proportion.
 */
export function computeTotals(
  state: CartState,
  shipping: ShippingInput | null,
  taxRule: TaxRuleRow | null,
): Totals {
  const currency = state.cart.currency
  const { discounts, subtotalMinor } = state
  const shippable = state.lines.some((line) => lineData(line).shippable)
  const wanted = shipping?.selected
  const selected =
    (wanted &&
      shipping.choices.find(
        (choice) =>
          choice.code === wanted.code &&
          (!wanted.carrierId || wanted.carrierId === choice.carrierId),
      )) ||
    shipping?.choices[0] ||
    null
  const shippingMinor = selected?.priceMinor ?? 0n
  const shippingDiscountMinor = discounts.coupon?.freeShipping ? shippingMinor : 0n
  const itemsNet = subtotalMinor - discounts.itemsMinor
  const shippingNet = shippingMinor - shippingDiscountMinor
  const taxableMinor = itemsNet + shippingNet
  const taxMinor = taxOf(taxableMinor, taxRule)

  const nets = state.lines.map(
    (line) => lineTotalMinor(line, currency) - (discounts.perLine.get(line.id) ?? 0n),
  )
  const taxShares = allocate(taxMinor, [...nets, shippingNet])
  const lines = new Map(
    state.lines.map((line, index) => [
      line.id,
      {
        totalMinor: nets[index]!,
        discountMinor: discounts.perLine.get(line.id) ?? 0n,
        taxMinor: taxShares[index]!,
      },
    ]),
  )
  return {
    subtotalMinor,
    itemsDiscountMinor: discounts.itemsMinor,
    shippingMinor,
    shippingDiscountMinor,
    taxableMinor,
    taxMinor,
    totalMinor: taxableMinor + taxMinor,
    shippable,
    shipping,
    selected,
    taxRule,
    lines,
    shippingTaxMinor: taxShares[state.lines.length] ?? 0n,
  }
}
