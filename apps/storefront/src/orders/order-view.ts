import type { Fulfillment, Order } from '@vitrine/client'
import { lineImage, lineOptions, type PlatformClient } from '../lib/cart-lines'
import { formatMoney, moneyAmount } from '../lib/money'
import { addressLines } from './address-lines'

/** One item of an order as its pages show it. */
export interface OrderLineView {
  id: string
  name: string
  /** `Color: Sage · Size: M`, or empty. */
  options: string
  quantity: number
  /** The price of one, formatted. */
  price: string
  /** The price of the line (quantity × price, before tax and discounts: the subtotal's part). */
  total: string
  image?: string
}

/** An order's totals, formatted; `discount` only when there is one. */
export interface OrderTotalsView {
  subtotal: string
  discount?: string
  shipping: string
  tax: string
  total: string
}

/** A shipment of an order: when it left, how many items, and how to track it. */
export interface ShipmentView {
  id: string
  date?: string
  items: number
  carrier?: string
  trackingNumber?: string
  /** Only an http(s) link. */
  trackingLink?: string
}

/**
 * What the order pages show of an order: what its buyer needs and nothing else (no ids of the
 * buyer or the catalog, no private tags), money and dates already written out for people.
 */
export interface OrderView {
  id: string
  number: string
  /** ISO date-time, and the same written out (`Nov 27, 2026`). */
  placedAt?: string
  placed?: string
  status: string
  paymentStatus: string
  fulfillmentStatus: string
  lines: OrderLineView[]
  totals: OrderTotalsView
  /** The shipping address, one line each, with the recipient's name first. */
  shipTo: string[]
  delivery?: { title: string; time?: string }
  email?: string
}

/** An order in the member's list: number, date, status, item count and total. */
export type OrderSummaryView = Pick<
  OrderView,
  'id' | 'number' | 'placed' | 'placedAt' | 'status' | 'fulfillmentStatus'
> & { items: number; total: string }

/** A page of a member's orders, newest first, with the cursors of the pages around it. */
export interface OrderHistoryPage {
  orders: OrderSummaryView[]
  next?: string
  prev?: string
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** `date` written out (`Nov 27, 2026`), in the server's time zone. */
export const writtenDate = (date: Date | undefined): string | undefined =>
  date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : undefined

function placedOf(order: Order) {
  const date = order.purchasedDate ?? order.createdDate
  const placed = writtenDate(date)
  return placed ? { placedAt: date!.toISOString(), placed } : {}
}

/** The whole of `order` as its pages show it; its pictures on the host of `platform`'s client. */
export function orderViewOf(order: Order, platform: PlatformClient): OrderView {
  const currency = order.currency ?? 'USD'
  const money = (price: { amount?: string; formattedAmount?: string } | undefined) =>
    formatMoney(price, currency)
  const summary = order.priceSummary
  const destination = order.shippingInfo?.logistics?.shippingDestination
  const recipient = [destination?.contactDetails?.firstName, destination?.contactDetails?.lastName]
    .filter(Boolean)
    .join(' ')
  const shipping = order.shippingInfo
  return {
    id: order.id,
    number: order.number,
    ...placedOf(order),
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    lines: order.lineItems.map((line) => {
      const image = lineImage(line, platform)
      return {
        id: line.id,
        name: line.productName.translated ?? line.productName.original,
        options: lineOptions(line),
        quantity: line.quantity,
        price: money(line.price),
        total: money(line.lineItemPrice ?? line.totalPriceBeforeTax),
        ...(image && { image }),
      }
    }),
    totals: {
      subtotal: money(summary?.subtotal),
      ...(moneyAmount(summary?.discount) > 0 && { discount: money(summary?.discount) }),
      shipping: moneyAmount(summary?.shipping) === 0 ? 'Free' : money(summary?.shipping),
      tax: money(summary?.tax),
      total: money(summary?.total),
    },
    shipTo: [recipient, ...addressLines(destination?.address)].filter(Boolean),
    ...(shipping && {
      delivery: {
        title: shipping.title,
        ...(shipping.logistics?.deliveryTime && { time: shipping.logistics.deliveryTime }),
      },
    }),
    ...(order.buyerInfo?.email && { email: order.buyerInfo.email }),
  }
}

/** `order` as a row of the member's list. */
export function orderSummaryOf(order: Order): OrderSummaryView {
  const items = order.lineItems.reduce((sum, line) => sum + line.quantity, 0)
  return {
    id: order.id,
    number: order.number,
    ...placedOf(order),
    status: order.status,
    fulfillmentStatus: order.fulfillmentStatus,
    items,
    total: formatMoney(order.priceSummary?.total, order.currency ?? 'USD'),
  }
}

/** A fulfillment of an order as a shipment. */
export function shipmentOf(fulfillment: Fulfillment): ShipmentView {
  const { trackingNumber, shippingProvider, trackingLink } = fulfillment.trackingInfo ?? {}
  const date = writtenDate(fulfillment.createdDate)
  const items = (fulfillment.lineItems ?? []).reduce((sum, line) => sum + (line.quantity ?? 0), 0)
  return {
    id: fulfillment.id ?? '',
    ...(date && { date }),
    items,
    ...(shippingProvider && { carrier: shippingProvider }),
    ...(trackingNumber && { trackingNumber }),
    ...(trackingLink && /^https?:\/\//i.test(trackingLink) && { trackingLink }),
  }
}
