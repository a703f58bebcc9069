import type { Kysely, Selectable } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { toMinor, type Minor } from '../../money.js'
import type { ShippingRulesTable } from './tables.js'

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

const parseList = (text: string): string[] => {
  try {
    const list: unknown = JSON.parse(text)
    return Array.isArray(list) ? list.map((item) => String(item).toUpperCase()) : []
  } catch {
    return []
  }
}

/** The shipping rules that serve `country` (an ISO code; `*` rules serve every country). */
export async function shippingRulesFor(
  db: Kysely<Schema>,
  country: string,
): Promise<ShippingRuleRow[]> {
  const rules = await db.selectFrom('shipping_rules').selectAll().orderBy('position').execute()
  const wanted = country.toUpperCase()
  return rules.filter((rule) => {
    const countries = parseList(rule.countries)
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
    let address: Record<string, unknown> = {}
    try {
      address = rule.pickup_address ? (JSON.parse(rule.pickup_address) as typeof address) : {}
    } catch {
      address = {}
    }
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
