/*
 * Money of the cart: every sum is done in integer minor units (cents), and only turned into the
 * wire's decimal strings ('19.90') and formatted texts ('$19.90') at the end.
 */

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

/** A price of the catalog (a plain number, e.g. 19.9) in minor units (1990). */
export function toMinor(value: number, currency: string): number {
  return Math.round(value * 10 ** currencyDigits(currency))
}

/** A wire decimal string ('5', '5.5', '5.50') in minor units; callers validate the format. */
export function parseAmount(text: string, currency: string): number {
  const digits = currencyDigits(currency)
  const [whole = '0', fraction = ''] = text.trim().split('.')
  const padded = (fraction + '0'.repeat(digits)).slice(0, digits)
  return Number(whole) * 10 ** digits + Number(padded || '0')
}

/** Minor units as the wire's decimal string: 1990 → '19.90'. */
export function decimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  if (digits === 0) return `${sign}${abs}`
  const unit = 10 ** digits
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`
}

/** Minor units as the wire's {@link Money}: 1990 in USD → `{amount: '19.90', formattedAmount: '$19.90', …}`. */
export function money(minor: number, currency: string): Money {
  const amount = decimal(minor, currency)
  const format = formatter(currency)
  const formatted = format
    ? format.format(minor / 10 ** currencyDigits(currency))
    : `${amount} ${currency}`
  return {
    amount,
    convertedAmount: amount,
    formattedAmount: formatted,
    formattedConvertedAmount: formatted,
  }
}

/**
 * Splits `total` minor units over `weights` in proportion, in whole units that add up to `total`
 * exactly (largest remainders get the leftover units). All zero when the weights are.
 *
 * @example
 * allocate(100, [1, 1, 1]) // [34, 33, 33]
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0 || total === 0) return weights.map(() => 0)
  const exact = weights.map((weight) => (total * weight) / sum)
  const shares = exact.map(Math.floor)
  let left = total - shares.reduce((a, b) => a + b, 0)
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    shares[index]! += 1
    left -= 1
  }
  return shares
}
