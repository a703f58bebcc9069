/** Money and measures: rounding, the product discount, and the provider's formatted texts. */

/** A product discount as the rows hold it. */
export interface Discount {
  /** `NONE` | `AMOUNT` | `PERCENT` */
  type: string
  value: number
}

/** `value` rounded to `digits` decimals (half away from zero, without binary noise). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + Number.EPSILON) / factor)
}

/** The price a shopper pays: `price` after `discount`, never below 0. */
export function discounted(price: number, discount: Discount): number {
  if (discount.type === 'AMOUNT') return round(Math.max(0, price - discount.value))
  if (discount.type === 'PERCENT') return round(Math.max(0, price * (1 - discount.value / 100)))
  return round(price)
}

const formatters = new Map<string, Intl.NumberFormat | null>()

/** `12.5` in `USD` → `$12.50` (en-US); an unknown currency code gives `12.50 XYZ`. */
export function formatMoney(amount: number, currency: string): string {
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
