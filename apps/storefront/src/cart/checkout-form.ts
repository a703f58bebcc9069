import type { Address } from '@vitrine/client'
import type { Estimate } from './estimate-state'

/** The checkout form's fields of the estimate, with the longest value each may carry. */
const FIELDS = {
  country: 2,
  subdivision: 16,
  city: 100,
  postalCode: 20,
  shippingOption: 100,
} as const

type Field = keyof typeof FIELDS

/**
 * The checkout form's hidden fields of what the shopper chose for the totals estimate (the tab's,
 * known to the page's script only): the address's country, subdivision, city and postal code, and
 * the delivery's code. None for no estimate.
 */
export function estimateFields({ address, shippingOptionCode }: Estimate): [Field, string][] {
  const fields: [Field, unknown][] = [
    ['country', address?.country],
    ['subdivision', address?.subdivision],
    ['city', address?.city],
    ['postalCode', address?.postalCode],
    ['shippingOption', shippingOptionCode],
  ]
  return fields.filter(
    (field): field is [Field, string] => typeof field[1] === 'string' && !!field[1],
  )
}

/**
 * The estimate a checkout form carries ({@link estimateFields}): each field trimmed and bounded,
 * the country a two-letter code (an address without one is none); anything else is ignored.
 */
export function estimateOfForm(form: { get(name: string): FormDataEntryValue | null }): Estimate {
  const text = (name: Field) => {
    const value = form.get(name)
    const trimmed = typeof value === 'string' ? value.trim() : ''
    return trimmed.length <= FIELDS[name] ? trimmed : ''
  }
  const country = text('country').toUpperCase()
  const address: Address = { country }
  for (const name of ['subdivision', 'city', 'postalCode'] as const)
    if (text(name)) address[name] = text(name)
  const shippingOptionCode = text('shippingOption')
  return {
    ...(/^[A-Z]{2}$/.test(country) && { address }),
    ...(shippingOptionCode && { shippingOptionCode }),
  }
}
