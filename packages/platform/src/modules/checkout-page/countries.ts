import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'

/** A country the checkout offers: its ISO code, English name and taxed subdivisions. */
export interface CountryChoice {
  code: string
  name: string
  /** ISO 3166-2 codes (`US-NY`) that have a tax rule of their own: the form asks for one. */
  subdivisions: string[]
}

/** Countries offered as well when a shipping rule serves everywhere (`*`) or none exists. */
const WORLD =
  'AE AR AT AU BE BR CA CH CN CZ DE DK ES FI FR GB GR HK IE IL IN IT JP KR MX NL NO NZ PL PT SE SG TW US ZA'
const regions = new Intl.DisplayNames(['en'], { type: 'region' })

const countriesOf = (text: string): string[] => {
  try {
    const list: unknown = JSON.parse(text)
    return Array.isArray(list) ? list.map((item) => String(item).toUpperCase()) : []
  } catch {
    return []
  }
}

/** `NY` or `US-NY` as `US-NY`. */
const fullSubdivision = (country: string, subdivision: string) => {
  const code = subdivision.trim().toUpperCase()
  return code.startsWith(`${country}-`) ? code : `${country}-${code}`
}

/**
 * The countries of the address form, by name: those the shipping and tax rules name (and a list
 * of common ones when a rule ships everywhere), each with the subdivisions its tax rules name.
 */
export async function countryChoices(db: Kysely<Schema>): Promise<CountryChoice[]> {
  const [shipping, taxes] = await Promise.all([
    db.selectFrom('shipping_rules').select('countries').execute(),
    db.selectFrom('tax_rules').select(['country', 'subdivision']).execute(),
  ])
  const named = shipping.flatMap((rule) => countriesOf(rule.countries))
  const codes = new Set(named.filter((code) => code !== '*'))
  if (named.includes('*') || shipping.length === 0)
    for (const code of WORLD.split(' ')) codes.add(code)
  const subdivisions = new Map<string, Set<string>>()
  for (const { country, subdivision } of taxes) {
    const code = country.toUpperCase()
    codes.add(code)
    if (!subdivision) continue
    const set = subdivisions.get(code) ?? new Set<string>()
    subdivisions.set(code, set.add(fullSubdivision(code, subdivision)))
  }
  return [...codes]
    .filter((code) => /^[A-Z]{2}$/.test(code))
    .map((code) => ({
      code,
      name: regions.of(code) ?? code,
      subdivisions: [...(subdivisions.get(code) ?? [])].sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
}
