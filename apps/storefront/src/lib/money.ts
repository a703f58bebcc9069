import type { Money } from '@vitrine/client'

const formatters = new Map<string, Intl.NumberFormat | null>()

/**
 * `amount` in `currency`, as the shop and the console write prices (`$28.00`); `—` for no amount;
 * an unknown currency code gives `12.50 XYZ`.
 */
export function formatAmount(amount: number | undefined, currency = 'USD'): string {
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

/** A wire `Money`: its formatted text when the platform sent one, else its amount formatted. */
export function formatMoney(money: Money | undefined, currency = 'USD'): string {
  if (money?.formattedAmount) return money.formattedAmount
  return formatAmount(Number(money?.amount ?? 0), currency)
}

/** The number in a wire `Money` (0 when absent). */
export const moneyAmount = (money: Money | undefined): number => Number(money?.amount ?? 0)
