/*
 * Money, for the catalog, the cart and the pages: every sum is done in integer minor units
 * (cents) as `bigint`, so no sum of any size loses a cent, and only turned into the wire's
 * decimal strings ('19.90') and formatted texts ('$19.90') at the end. The catalog's prices are
 * plain numbers (the wire's floats), read as the decimals they were written as.
 */

/** An amount in minor units of a currency (1990 for $19.90): exact whatever its size. */
export type Minor = bigint

/** An amount as the cart wire carries it: decimal strings, and the same in the site currency. */
export interface Money {
  amount: string
  convertedAmount: string
  formattedAmount: string
  formattedConvertedAmount: string
}

const formatters = new Map<string, Intl.NumberFormat | null>()
const digitsOf = new Map<string, number>()

function formatter(currency: string): Intl.NumberFormat | null {
  let cached = formatters.get(currency)
  if (cached === undefined) {
    try {
      cached = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    } catch {
      cached = null
    }
    formatters.set(currency, cached)
  }
  return cached
}

/** How many decimals `currency` has (2 for USD and EUR, 0 for JPY; 2 when unknown). */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency)
  if (digits === undefined) {
    digits = formatter(currency)?.resolvedOptions().maximumFractionDigits ?? 2
    digitsOf.set(currency, digits)
  }
  return digits
}

/**
 * `value × 10^digits`, rounded half away from zero to an integer, as the decimal `value` was
 * written: `1.005` is read as 1.005, not as the binary 1.00499999…, so it gives 101 at 2 digits.
 * Exact for the catalog's bounds (|value| ≤ 10^9, so the scaled value has at most 15 digits).
 */
function scaled(value: number, digits: number): bigint {
  const units = Math.abs(value) * 10 ** digits
  // Below 10^12 (the bounds) reading it as written moves it by under 0.001, which changes how it
  // rounds only near a half: only there is that slower reading needed.
  const exact = Math.abs((units % 1) - 0.5) > 0.01 ? units : Number(units.toPrecision(15))
  return BigInt(Math.sign(value) * Math.round(exact))
}

/** A price of the catalog (a plain number, e.g. 19.9) in minor units (1990n). */
export function toMinor(value: number, currency: string): Minor {
  return scaled(value, currencyDigits(currency))
}

/** A wire decimal string ('5', '5.5', '5.50') in minor units; callers validate the format. */
export function parseAmount(text: string, currency: string): Minor {
  const digits = currencyDigits(currency)
  const [whole = '0', fraction = ''] = text.trim().split('.')
  const padded = (fraction + '0'.repeat(digits)).slice(0, digits)
  return BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(padded || '0')
}

/** Minor units as the wire's decimal string: 1990n → '19.90'. */
export function decimal(minor: Minor, currency: string): string {
  const digits = currencyDigits(currency)
  const sign = minor < 0n ? '-' : ''
  const abs = minor < 0n ? -minor : minor
  if (digits === 0) return `${sign}${abs}`
  const unit = 10n ** BigInt(digits)
  return `${sign}${abs / unit}.${String(abs % unit).padStart(digits, '0')}`
}

/** Minor units as a plain number of the currency (1990n → 19.9), for stored snapshots. */
export function toUnits(minor: Minor, currency: string): number {
  return Number(decimal(minor, currency))
}

/**
 * An amount in `currency` as people read it (en-US): `'12.5'` or `12.5` in USD → `$12.50`; an
 * unknown currency code gives `12.50 XYZ`. A decimal string is formatted exactly, whatever its
 * size (a number would round past 2^53).
 */
export function formatAmount(amount: number | string, currency: string): string {
  const format = formatter(currency)
  if (format) return format.format(amount as Intl.StringNumericLiteral)
  return `${typeof amount === 'number' ? amount.toFixed(currencyDigits(currency)) : amount} ${currency}`
}

/** An amount as orders carry it (wire-orders-members §1.3): never a float. */
export interface Price {
  amount: string
  formattedAmount: string
}

/** Minor units as an order's {@link Price}: 1990n in USD → `{amount: '19.90', formattedAmount: '$19.90'}`. */
export function price(minor: Minor, currency: string): Price {
  const amount = decimal(minor, currency)
  return { amount, formattedAmount: formatAmount(amount, currency) }
}

/** Minor units as the wire's {@link Money}: its {@link price}, the same again in the site currency. */
export function money(minor: Minor, currency: string): Money {
  const { amount, formattedAmount } = price(minor, currency)
  return {
    amount,
    convertedAmount: amount,
    formattedAmount,
    formattedConvertedAmount: formattedAmount,
  }
}

/** Σ of `amounts`. */
export const sum = (amounts: Iterable<Minor>): Minor => {
  let total = 0n
  for (const amount of amounts) total += amount
  return total
}

/** The smaller of two amounts. */
export const min = (a: Minor, b: Minor): Minor => (a < b ? a : b)

/** Decimals a percentage may carry (8.875 % is 8875000 millionths of a percent). */
const PERCENT_DIGITS = 6

/**
 * `percent` % of `minor` (a non-negative amount), rounded half up to a minor unit: exact for any
 * amount and any percentage with up to 6 decimals.
 *
 * @example
 * percentOf(4700n, 8.875) // 417n (4.17125 → 4.17)
 */
export function percentOf(minor: Minor, percent: number): Minor {
  const scale = 10n ** BigInt(PERCENT_DIGITS + 2)
  return (minor * scaled(percent, PERCENT_DIGITS) * 2n + scale) / (2n * scale)
}

/**
 * `minor × numerator / denominator` (non-negative amount, positive quantities with up to 6
 * decimals), rounded half up to a minor unit, exactly: a price per unit of measure.
 *
 * @example
 * ratioOf(1999n, 100, 750) // 267n: $19.99 for 750 ml is $2.67 per 100 ml
 */
export function ratioOf(minor: Minor, numerator: number, denominator: number): Minor {
  const top = minor * scaled(numerator, PERCENT_DIGITS) * 2n
  const bottom = scaled(denominator, PERCENT_DIGITS) * 2n
  return (top + bottom / 2n) / bottom
}

/**
 * Splits `total` minor units over `weights` in proportion, in whole units that add up to `total`
 * exactly (largest remainders get the leftover units). All zero when the weights are.
 *
 * @example
 * allocate(100n, [1n, 1n, 1n]) // [34n, 33n, 33n]
 */
export function allocate(total: Minor, weights: readonly Minor[]): Minor[] {
  const whole = sum(weights)
  if (whole <= 0n || total === 0n) return weights.map(() => 0n)
  const shares = weights.map((weight) => (total * weight) / whole)
  let left = total - sum(shares)
  const order = weights
    .map((weight, index) => ({ index, rest: (total * weight) % whole }))
    .sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))
  for (const { index } of order) {
    if (left <= 0n) break
    shares[index]! += 1n
    left -= 1n
  }
  return shares
}

/** A product discount as the catalog rows hold it. */
export interface Discount {
  /** `NONE` | `AMOUNT` | `PERCENT` */
  type: string
  value: number
}

/**
 * The price a shopper pays: `price` after `discount`, never below 0, in cents rounded half up —
 * computed in whole cents, so the catalog shows and the cart charges the same amount.
 *
 * @example
 * discounted(19.99, { type: 'PERCENT', value: 10 }) // 17.99
 */
export function discounted(price: number, discount: Discount): number {
  const cents = scaled(price, 2)
  let after = cents
  if (discount.type === 'AMOUNT') after = cents - scaled(discount.value, 2)
  else if (discount.type === 'PERCENT')
    after = cents > 0n ? percentOf(cents, Math.min(100, Math.max(0, 100 - discount.value))) : cents
  return Number(after > 0n ? after : 0n) / 100
}
