import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { formFields } from '../../http/form-body.js'
import { rulePlaces } from '../cart/index.js'
import { isValidEmail } from '../identity/index.js'
import type { ShippingChoice } from '../orders/index.js'
import type { CheckoutFlow } from './flow.js'

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
  const { shipping, taxes } = await rulePlaces(db)
  const named = shipping.flat()
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

/**
 * The fields of the checkout form: contact, address, the chosen shipping option's code and the
 * test card number (never stored or shown again).
 */
const FIELDS = [
  'email',
  'name',
  'addressLine',
  'city',
  'postalCode',
  'country',
  'subdivision',
  'shipping',
  'card',
] as const

/** The checkout form's values, as posted (trimmed strings; empty when not given). */
export type CheckoutForm = Record<(typeof FIELDS)[number], string>

/** A message per field of the form that is not right. */
export type FormErrors = Partial<Record<keyof CheckoutForm, string>>

/** What a post asks for, besides the form's values. */
export interface Posted {
  form: CheckoutForm
  /** `place`: place the order; `update`: recompute shipping and tax for the address. */
  action: 'place' | 'update'
  csrf?: string
  /** The total the page showed when the buyer pressed "Place order" (decimal string). */
  total?: string
  /** The field whose change asked for the update (it gets the focus back). */
  focus?: keyof CheckoutForm
}

const MAX_LENGTH = 254

/** The posted fields of a form body: the known ones, strings only, trimmed and cut to length. */
export function postedForm(body: unknown): Posted {
  const fields = formFields(body, [...FIELDS, 'action', 'csrf', 'total', 'focus'])
  const read = (name: keyof typeof fields) => (fields[name] ?? '').trim().slice(0, MAX_LENGTH)
  const form: CheckoutForm = {
    email: read('email'),
    name: read('name'),
    addressLine: read('addressLine'),
    city: read('city'),
    postalCode: read('postalCode'),
    country: read('country').toUpperCase(),
    subdivision: read('subdivision').toUpperCase(),
    shipping: read('shipping'),
    card: read('card'),
  }
  const focus = fieldName(read('focus'))
  return {
    form,
    action: read('action') === 'place' ? 'place' : 'update',
    ...(read('csrf') && { csrf: read('csrf') }),
    ...(read('total') && { total: read('total') }),
    ...(focus && { focus }),
  }
}

/** `value` when it names a field of the form (`focus` of a post or of the page's URL). */
export function fieldName(value: unknown): keyof CheckoutForm | undefined {
  return FIELDS.find((field) => field === value)
}

/** What the buyer entered on the page so far (never the card), kept with the checkout. */
export type SavedForm = Omit<CheckoutForm, 'card'>

/** `form` as the checkout keeps it between a re-pricing post and the page it redirects to. */
export const savedForm = ({ card: _card, ...saved }: CheckoutForm): SavedForm => saved

/**
 * The form as the page shows it when opened: what the buyer entered so far (kept by the last
 * re-pricing post), else what the checkout already knows.
 */
export function initialForm(flow: CheckoutFlow): CheckoutForm {
  const { snapshot, saved } = flow
  if (saved) return { ...saved, card: '' }
  const address = snapshot.shippingAddress ?? {}
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    email: text(snapshot.email),
    name: '',
    addressLine: text(address.addressLine),
    city: text(address.city),
    postalCode: text(address.postalCode),
    country: text(address.country).toUpperCase(),
    subdivision: text(address.subdivision).toUpperCase(),
    shipping: text(snapshot.selectedShippingOption?.code),
    card: '',
  }
}

/** The country of the form among `countries`, if it is one of them. */
export const countryOf = (form: CheckoutForm, countries: readonly CountryChoice[]) =>
  countries.find((country) => country.code === form.country)

/** The shipping address and option the form gives, for pricing (a subdivision when it has one). */
export function choiceOf(form: CheckoutForm): ShippingChoice {
  return {
    shippingAddress: {
      ...(form.country && { country: form.country }),
      ...(form.subdivision && { subdivision: form.subdivision }),
      ...(form.city && { city: form.city }),
      ...(form.postalCode && { postalCode: form.postalCode }),
      ...(form.addressLine && { addressLine: form.addressLine }),
    },
    ...(form.shipping && { shippingCode: form.shipping }),
  }
}

/** What is missing or wrong in the contact and address fields. */
export function formErrors(form: CheckoutForm, countries: readonly CountryChoice[]): FormErrors {
  const errors: FormErrors = {}
  if (!isValidEmail(form.email)) errors.email = 'Enter a valid e-mail address.'
  if (!form.name) errors.name = 'Enter the name of the recipient.'
  if (!form.addressLine) errors.addressLine = 'Enter the street address.'
  if (!form.city) errors.city = 'Enter the city.'
  if (!form.postalCode) errors.postalCode = 'Enter the postal code.'
  if (!countryOf(form, countries)) errors.country = 'Choose a country.'
  return errors
}

/** `form` without a subdivision that is not one of its country's (e.g. after the country changed). */
export function withKnownSubdivision(
  form: CheckoutForm,
  countries: readonly CountryChoice[],
): CheckoutForm {
  const known = countryOf(form, countries)?.subdivisions.includes(form.subdivision)
  return known ? form : { ...form, subdivision: '' }
}
