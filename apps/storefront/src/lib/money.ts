import type { Money } from '@vitrine/client'

const formatters = new Map<string, Intl.NumberFormat>()

/** `amount` in `currency`, as the shop writes prices (`$28.00`). */
export function formatAmount(amount: number, currency = 'USD'): string {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    formatters.set(currency, formatter)
  }
  return formatter.format(amount)
}

/** A wire `Money`: its formatted text when the platform sent one, else its amount formatted. */
export function formatMoney(money: Money | undefined, currency = 'USD'): string {
  if (money?.formattedAmount) return money.formattedAmount
  return formatAmount(Number(money?.amount ?? 0), currency)
}

/** The number in a wire `Money` (0 when absent). */
export const moneyAmount = (money: Money | undefined): number => Number(money?.amount ?? 0)
