import type { AddressWithContact, Fulfillment, Order } from '@vitrine/client'
import { lineImage, lineName, lineOptions, type PlatformClient } from '../lib/cart-lines'
import { formatDate, formatMoney, moneyAmount } from '../lib/format'
import { addressLines } from './address-lines'

/** One item of an order as its pages show it. */
export interface OrderLineView {
  id: string
  name: string
  /** `Color: Sage · Size: M`, or empty. */
  options: string
  sku?: string
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
  /** Where it goes (the pickup point for a pickup), one line each, with the recipient's name first. */
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

/** A person's name from contact details; empty when there is none. */
export const personName = (contact: AddressWithContact['contactDetails']): string =>
  [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')

/** How many units an order holds, all lines together. */
export const unitsOf = (order: Order): number =>
  order.lineItems.reduce((sum, line) => sum + line.quantity, 0)

function placedOf(order: Order) {
  const date = order.purchasedDate ?? order.createdDate
  const placed = formatDate(date)
  return placed ? { placedAt: date!.toISOString(), placed } : {}
}

/**
 * The whole of `order` as its pages show it (the buyer's and the console's); its pictures on the
 * host of `platform`'s client.
 */
export function orderViewOf(order: Order, platform: PlatformClient): OrderView {
  const currency = order.currency ?? 'USD'
  const money = (price: { amount?: string; formattedAmount?: string } | undefined) =>
    formatMoney(price, currency)
  const summary = order.priceSummary
  const shipping = order.shippingInfo
  const destination = shipping?.logistics?.shippingDestination
  const recipient =
    personName(destination?.contactDetails) || personName(order.recipientInfo?.contactDetails)
  const address =
    shipping?.logistics?.pickupDetails?.address ??
    destination?.address ??
    order.recipientInfo?.address
  return {
    id: order.id,
    number: order.number,
    ...placedOf(order),
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    lines: order.lineItems.map((line) => {
      const image = lineImage(line, platform)
      const sku = line.physicalProperties?.sku
      return {
        id: line.id,
        name: lineName(line),
        options: lineOptions(line),
        ...(sku && { sku }),
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
    shipTo: [recipient, ...addressLines(address)].filter(Boolean),
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
  const items = unitsOf(order)
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
  const date = formatDate(fulfillment.createdDate)
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
