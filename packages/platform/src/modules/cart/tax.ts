import { sql, type Kysely, type Selectable } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { TaxRulesTable } from './tables.js'

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
