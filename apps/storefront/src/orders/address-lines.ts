import type { Address } from '@vitrine/client'

/** An address as the lines of a label: street, second line, city with region and code, country. */
export function addressLines(address: Address | undefined): string[] {
  if (!address) return []
  const street =
    address.addressLine ??
    [address.streetAddress?.number, address.streetAddress?.name].filter(Boolean).join(' ')
  const fullname = (key: string) => {
    const value = address[key]
    return typeof value === 'string' ? value : undefined
  }
  // `US-NY` → `NY`: the region without the country code before it.
  const region = fullname('subdivisionFullname') ?? address.subdivision?.replace(/^[A-Z]{2}-/, '')
  const place = [address.city, [region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const country = fullname('countryFullname') ?? countryName(address.country)
  return [street, address.addressLine2, place, country].filter((line): line is string => !!line)
}

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/** `US` → `United States`; a code the browser does not know stays as it is. */
function countryName(code: string | undefined): string | undefined {
  if (!code) return undefined
  try {
    return regions.of(code)
  } catch {
    return code
  }
}
