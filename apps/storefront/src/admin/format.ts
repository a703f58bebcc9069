import type { Order, Product } from '@vitrine/client'
import { personName } from '../orders/order-view'

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

/** The buyer's name: the billing contact's, else the recipient's; empty when neither is known. */
export const buyerName = (order: Order): string =>
  personName(order.billingInfo?.contactDetails) || personName(order.recipientInfo?.contactDetails)
