import type { Money } from '@vitrine/client'

/*
 * How the shop and the console write money and dates for people, in one place: US English, the
 * currency of the amount, dates in the reader's time zone (the server's for a page it renders).
 */

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

const days = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const moments = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const valid = (date: Date | undefined): date is Date => !!date && !Number.isNaN(date.getTime())

/** The day of `date` written out (`Nov 27, 2026`); nothing for no date. */
export const formatDate = (date: Date | undefined): string | undefined =>
  valid(date) ? days.format(date) : undefined

/** The day and time of `date` (`Nov 27, 2026, 9:41 AM`); nothing for no date. */
export const formatDateTime = (date: Date | undefined): string | undefined =>
  valid(date) ? moments.format(date) : undefined
