/*
 * The price of a cart: the shipping rules and options of an address, its tax rule, and the totals
 * they make with the cart's lines and discounts (`priceCart`).
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import { parseJson } from '../../db/json.js'
import type { Schema } from '../../db/schema.js'
import { allocate, percentOf, toMinor, type Minor } from '../../money.js'
import { lineData } from './lines.js'
import type { Address, SelectedShippingOption } from './schema.js'
import { lineTotalMinor, type CartState } from './state.js'
import type { ShippingRulesTable, TaxRulesTable } from './tables.js'

/** A row of `shipping_rules`. */
export type ShippingRuleRow = Selectable<ShippingRulesTable>

/** The one carrier of the local platform: every shipping rule is one of its options. */
export const CARRIER_ID = 'c8a08776-c095-4dec-8553-8f9698d86adc'

/** A shipping option offered for an address, priced for a cart. */
export interface ShippingChoice {
  code: string
  title: string
  carrierId: string
  /** What the shopper pays for it (0 when the cart reaches the rule's free-over threshold). */
  priceMinor: Minor
  deliveryTime: string | null
  pickup: { address: Record<string, unknown>; pickupMethod: 'STORE_PICKUP' | 'PICKUP_POINT' } | null
}

/** The countries of a shipping rule (its JSON `countries`), upper case; `*` serves every country. */
export const shippingCountries = (text: string): string[] => {
  const list = parseJson<unknown>(text, [])
  return Array.isArray(list) ? list.map((item) => String(item).toUpperCase()) : []
}

/**
 * The places the shipping and tax rules name: each shipping rule's countries (`*`: every one),
 * and each tax rule's country and subdivision (null: the whole country).
 */
export async function rulePlaces(db: Kysely<Schema>): Promise<{
  shipping: string[][]
  taxes: { country: string; subdivision: string | null }[]
}> {
  const [shipping, taxes] = await Promise.all([
    db.selectFrom('shipping_rules').select('countries').execute(),
    db.selectFrom('tax_rules').select(['country', 'subdivision']).execute(),
  ])
  return { shipping: shipping.map((rule) => shippingCountries(rule.countries)), taxes }
}

/** The shipping rules that serve `country` (an ISO code; `*` rules serve every country). */
export async function shippingRulesFor(
  db: Kysely<Schema>,
  country: string,
): Promise<ShippingRuleRow[]> {
  const rules = await db.selectFrom('shipping_rules').selectAll().orderBy('position').execute()
  const wanted = country.toUpperCase()
  return rules.filter((rule) => {
    const countries = shippingCountries(rule.countries)
    return countries.includes(wanted) || countries.includes('*')
  })
}

/**
 * The options of `rules` for a cart whose items cost `itemsNetMinor` after discounts: a rule is
 * free at or above its `free_over`; a pickup rule carries its pickup address and method.
 */
export function shippingChoices(
  rules: readonly ShippingRuleRow[],
  currency: string,
  itemsNetMinor: Minor,
): ShippingChoice[] {
  return rules.map((rule) => {
    const free = rule.free_over !== null && itemsNetMinor >= toMinor(rule.free_over, currency)
    const address = parseJson<Record<string, unknown>>(rule.pickup_address, {})
    return {
      code: rule.code,
      title: rule.title,
      carrierId: CARRIER_ID,
      priceMinor: free ? 0n : toMinor(rule.rate, currency),
      deliveryTime: rule.delivery_time,
      pickup:
        rule.pickup === 1
          ? {
              address,
              pickupMethod: rule.pickup_method === 'PICKUP_POINT' ? 'PICKUP_POINT' : 'STORE_PICKUP',
            }
          : null,
    }
  })
}

/** A row of `tax_rules`. */
export type TaxRuleRow = Selectable<TaxRulesTable>

/** `US-NY` and `NY` alike, for country `US`. */
const region = (country: string, subdivision: string) =>
  subdivision.trim().toUpperCase().replace(`${country}-`, '')

/**
 * The tax rule of an address: the rule of its subdivision (`US-NY` or `NY`) wins over the rule of
 * its country (no subdivision); `null` without a country or a rule.
 */
export async function taxRuleFor(
  db: Kysely<Schema>,
  address: { country?: string; subdivision?: string } | undefined,
): Promise<TaxRuleRow | null> {
  const country = address?.country?.trim().toUpperCase()
  if (!country) return null
  const rules = await db
    .selectFrom('tax_rules')
    .selectAll()
    .where(sql<string>`upper(country)`, '=', country)
    .orderBy('id')
    .execute()
  const subdivision = address?.subdivision ? region(country, address.subdivision) : null
  const exact = subdivision
    ? rules.find((rule) => rule.subdivision && region(country, rule.subdivision) === subdivision)
    : undefined
  return exact ?? rules.find((rule) => !rule.subdivision) ?? null
}

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
  const stored = parseJson<{ address?: Address }>(state.cart.contact_info, {}).address
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
