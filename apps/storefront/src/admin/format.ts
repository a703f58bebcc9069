import type { AddressWithContact, Order, Price, Product } from '@vitrine/client'
import { formatAmount } from '../lib/money'

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
  price?.formattedAmount ?? (price ? formatAmount(Number(price.amount), currency) : '—')

/** A person's name from contact details; empty when there is none. */
export const personName = (contact: AddressWithContact['contactDetails']): string =>
  [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')

/** The buyer's name: the billing contact's, else the recipient's; empty when neither is known. */
export const buyerName = (order: Order): string =>
  personName(order.billingInfo?.contactDetails) || personName(order.recipientInfo?.contactDetails)

/** How many units an order holds, all lines together. */
export const unitsOf = (order: Order): number =>
  order.lineItems.reduce((sum, line) => sum + line.quantity, 0)
