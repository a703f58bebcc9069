import type { Address, AddressWithContact, Order, Price, Product } from '@vitrine/client'

const formatters = new Map<string, Intl.NumberFormat | null>()

/** `12.5` in `USD` → `$12.50`; an unknown currency code gives `12.50 XYZ`. */
export function formatMoney(amount: number | undefined, currency = 'USD'): string {
  if (amount === undefined || Number.isNaN(amount)) return '—'
  let formatter = formatters.get(currency)
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    } catch {
      formatter = null
    }
    formatters.set(currency, formatter)
  }
  return formatter ? formatter.format(amount) : `${amount.toFixed(2)} ${currency}`
}

/** A weight in kilograms, as the catalog keeps it. */
export function formatWeight(kg: number | undefined): string {
  return kg === undefined ? '—' : `${Number(kg.toFixed(3))} kg`
}

/** The currency a product is priced in. */
export const currencyOf = (product: Product): string => product.priceData?.currency ?? 'USD'

/** How much of a product there is, in a few words. */
export function stockLabel(product: Product): { text: string; tone: 'ok' | 'low' | 'out' } {
  const stock = product.stock
  if (!stock || stock.inStock === false) return { text: 'Out of stock', tone: 'out' }
  if (stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK')
    return {
      text: stock.quantity === undefined ? 'Partly out of stock' : `${stock.quantity} (some out)`,
      tone: 'low',
    }
  if (stock.trackInventory && stock.quantity !== undefined)
    return { text: `${stock.quantity} in stock`, tone: stock.quantity < 5 ? 'low' : 'ok' }
  return { text: 'In stock', tone: 'ok' }
}

/** The product's main picture, if any. */
export const thumbnailOf = (media: Product['media']): string | undefined =>
  media?.mainMedia?.image?.url ?? media?.items?.[0]?.image?.url

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** A moment in the merchant's time zone: `Nov 27, 2026, 9:41 AM`. */
export const formatDate = (date: Date | undefined): string => (date ? dates.format(date) : '—')

/** An amount of an order, as the platform formatted it (else formatted here). */
export const formatPrice = (price: Price | undefined, currency?: string): string =>
  price?.formattedAmount ?? (price ? formatMoney(Number(price.amount), currency) : '—')

/** A person's name from contact details; empty when there is none. */
export const personName = (contact: AddressWithContact['contactDetails']): string =>
  [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')

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

/** The buyer's name: the billing contact's, else the recipient's; empty when neither is known. */
export const buyerName = (order: Order): string =>
  personName(order.billingInfo?.contactDetails) || personName(order.recipientInfo?.contactDetails)

/** How many units an order holds, all lines together. */
export const unitsOf = (order: Order): number =>
  order.lineItems.reduce((sum, line) => sum + line.quantity, 0)
