import { allocate, parseAmount, price, type Minor, type Money, type Price } from '../../money.js'
import type { Address, WireDiscount, WireLineItem } from '../cart/index.js'
import type { WireImage } from '../catalog/index.js'
import { orderDataOf, type OrderData } from './store.js'
import type { OrderRow } from './tables.js'

/** The fields of an address in the order's wire names, but for its street address. */
const ADDRESS_FIELDS = [
  'country',
  'subdivision',
  'city',
  'postalCode',
  'addressLine',
  'addressLine2',
] as const

/** An address in the order's wire names (wire-orders-members §1.5). */
export type WireAddress = Pick<Address, (typeof ADDRESS_FIELDS)[number]> & {
  streetAddress?: { number?: string; name?: string }
}

/** `billingInfo`, `recipientInfo`, `shippingInfo.logistics.shippingDestination`. */
export interface WireAddressWithContact {
  address: WireAddress
  contactDetails: { firstName?: string; lastName?: string }
}

/** A line item of an order on the wire. */
export interface WireOrderLineItem {
  id: string
  productName: { original: string; translated?: string }
  /** Absent for a custom line item (priced by an elevated caller, not by the catalog). */
  catalogReference?: { catalogItemId: string; appId: string; options?: Record<string, unknown> }
  quantity: number
  price: Price
  priceBeforeDiscounts: Price
  totalPriceBeforeTax: Price
  totalPriceAfterTax: Price
  lineItemPrice: Price
  totalDiscount: Price
  /** The cart line's, as the checkout stored it (with its media id since cart images had one). */
  image?: WireImage
  descriptionLines: unknown[]
  physicalProperties: { weight?: number; sku?: string; shippable: boolean }
  itemType: { preset?: string; custom?: string }
  paymentOption: 'FULL_PAYMENT_ONLINE'
  priceDescription?: { original: string; translated?: string }
  taxDetails: { taxRate?: string; totalTax: Price }
  refundQuantity: number
  restockQuantity: number
  priceUndetermined: false
  fixedQuantity: false
}

/** An applied discount of an order on the wire: the cart's, with prices. */
export type WireOrderDiscount =
  | {
      discountType: 'GLOBAL' | 'SHIPPING'
      coupon: { id: string; code: string; name: string; amount: Price }
    }
  | {
      discountType: 'GLOBAL' | 'SPECIFIC_ITEMS'
      merchantDiscount: { amount: Price }
      lineItemIds?: string[]
    }

/** What every order answers alike: one channel, one weight unit, one language, never archived. */
const ALIKE = {
  channelInfo: { type: 'WEB' },
  weightUnit: 'KG',
  taxIncludedInPrices: false,
  buyerLanguage: 'en',
  siteLanguage: 'en',
  attributionSource: 'UNSPECIFIED',
  imported: false,
  archived: false,
  seenByAHuman: false,
} as const

/** The Order object (wire-orders-members §1.5), as `getOrder` and `searchOrders` answer it. */
export interface WireOrder extends Alike {
  id: string
  number: string
  createdDate: string
  updatedDate: string
  purchasedDate?: string
  status: string
  paymentStatus: string
  fulfillmentStatus: string
  buyerInfo: { memberId: string; email?: string } | { visitorId: string; email?: string }
  createdBy: { memberId: string } | { visitorId: string }
  lineItems: WireOrderLineItem[]
  priceSummary: Record<
    'subtotal' | 'shipping' | 'tax' | 'discount' | 'total' | 'totalAdditionalFees',
    Price
  >
  billingInfo: WireAddressWithContact
  recipientInfo: WireAddressWithContact
  shippingInfo?: {
    carrierId?: string
    code: string
    title: string
    logistics: { shippingDestination: WireAddressWithContact; deliveryTime?: string }
    cost: { price: Price; totalPriceBeforeTax: Price; totalPriceAfterTax: Price; discount: Price }
    region?: { name: string }
  }
  appliedDiscounts: WireOrderDiscount[]
  taxInfo: { totalTax: Price }
  currency: string
  buyerNote?: string
  checkoutId: string
  purchaseFlowId: string
}

type Alike = typeof ALIKE

/** The buyer's name as the checkout took it, split into first name and the rest. */
function contactDetails(name: string): WireAddressWithContact['contactDetails'] {
  const [firstName, ...rest] = name.trim().split(/\s+/)
  return {
    ...(firstName && { firstName }),
    ...(rest.length > 0 && { lastName: rest.join(' ') }),
  }
}

/** The address's fields the order's wire names carry (the checkout stores the cart's). */
function wireAddress(address: Address): WireAddress {
  const wire: WireAddress = {}
  for (const key of ADDRESS_FIELDS) if (address[key]) wire[key] = address[key]
  const { number, name } = address.streetAddress ?? {}
  if (address.streetAddress)
    wire.streetAddress = { ...(number && { number }), ...(name && { name }) }
  return wire
}

/** What one line cost after discounts and tax, in minor units. */
interface LineCost {
  discount: Minor
  beforeTax: Minor
  afterTax: Minor
  tax: Minor
  /** Unknown for an order stored before the checkout kept it per line. */
  taxRate?: string
}

/**
 * What each line cost: as the checkout priced it; for an order stored before the checkout kept
 * that per line, the items' discount and tax (the order's, less what falls on shipping) spread
 * over the lines in proportion to their prices, in whole cents that add up exactly.
 */
function lineCosts(data: OrderData, minor: (money: Money) => Minor): Map<string, LineCost> {
  if (data.lineTotals)
    return new Map(
      data.lineTotals.map((line) => [
        line.lineItemId,
        {
          discount: minor(line.totalDiscount),
          beforeTax: minor(line.totalPriceBeforeTax),
          afterTax: minor(line.totalPriceAfterTax),
          tax: minor(line.totalTax),
          taxRate: line.taxRate,
        },
      ]),
    )
  const option = data.shippingOption
  const shippingTax = option
    ? minor(option.cost.totalPriceAfterTax) - minor(option.cost.totalPriceBeforeTax)
    : 0n
  const weights = data.lineItems.map((line) => minor(line.lineItemPrice))
  const itemsDiscount = minor(data.priceSummary.discount) - shippingDiscountOf(data, minor)
  const discounts = allocate(itemsDiscount, weights)
  const taxes = allocate(minor(data.priceSummary.tax) - shippingTax, weights)
  return new Map(
    data.lineItems.map((line, index) => {
      const beforeTax = weights[index]! - discounts[index]!
      const tax = taxes[index]!
      const cost = { discount: discounts[index]!, beforeTax, afterTax: beforeTax + tax, tax }
      return [line.id, cost]
    }),
  )
}

function wireLine(
  line: WireLineItem,
  cost: LineCost | undefined,
  asPrice: (money: Money) => Price,
  minorPrice: (minor: Minor) => Price,
  restocked: boolean,
): WireOrderLineItem {
  return {
    id: line.id,
    productName: line.productName,
    ...(line.catalogReference && { catalogReference: line.catalogReference }),
    quantity: line.quantity,
    price: asPrice(line.price),
    priceBeforeDiscounts: asPrice(line.priceBeforeDiscounts),
    totalPriceBeforeTax: minorPrice(cost?.beforeTax ?? 0n),
    totalPriceAfterTax: minorPrice(cost?.afterTax ?? 0n),
    lineItemPrice: asPrice(line.lineItemPrice),
    totalDiscount: minorPrice(cost?.discount ?? 0n),
    ...(line.image && { image: line.image }),
    descriptionLines: line.descriptionLines,
    physicalProperties: line.physicalProperties,
    itemType: line.itemType,
    paymentOption: line.paymentOption,
    ...(line.priceDescription && { priceDescription: line.priceDescription }),
    taxDetails: {
      ...(cost?.taxRate !== undefined && { taxRate: cost.taxRate }),
      totalTax: minorPrice(cost?.tax ?? 0n),
    },
    refundQuantity: 0,
    restockQuantity: restocked && line.catalogReference ? line.quantity : 0,
    priceUndetermined: false,
    fixedQuantity: false,
  }
}

function wireDiscount(discount: WireDiscount, asPrice: (money: Money) => Price): WireOrderDiscount {
  if ('coupon' in discount)
    return {
      discountType: discount.discountType,
      coupon: { ...discount.coupon, amount: asPrice(discount.coupon.amount) },
    }
  return {
    discountType: discount.discountType,
    merchantDiscount: { amount: asPrice(discount.merchantDiscount.amount) },
    ...(discount.lineItemIds && { lineItemIds: discount.lineItemIds }),
  }
}

/**
 * The Order of a row: its statuses, dates and buyer from the columns (they change), everything
 * else from what the checkout stored. Every amount is a {@link Price} made by `money.ts` from the
 * stored decimal string, so no amount ever passes through a float.
 */
export function wireOrder(row: OrderRow): WireOrder {
  const data = orderDataOf(row)
  const { currency } = data
  const minor = (money: Money) => parseAmount(money.amount, currency)
  const minorPrice = (amount: Minor) => price(amount, currency)
  const asPrice = (money: Money) => minorPrice(minor(money))
  const costs = lineCosts(data, minor)
  const summary = data.priceSummary
  const contact = contactDetails(data.buyerName)
  const address = wireAddress(data.shippingAddress)
  const destination = { address, contactDetails: contact }
  const option = data.shippingOption
  const buyer = row.member_id ? { memberId: row.member_id } : { visitorId: row.owner_identity_id }
  return {
    id: row.id,
    number: String(row.number),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    ...(row.purchased_date && { purchasedDate: row.purchased_date }),
    status: row.status,
    paymentStatus: row.payment_status,
    fulfillmentStatus: row.fulfillment_status,
    buyerInfo: { ...buyer, ...(row.buyer_email && { email: row.buyer_email }) },
    createdBy: buyer,
    lineItems: data.lineItems.map((line) =>
      wireLine(line, costs.get(line.id), asPrice, minorPrice, data.restocked === true),
    ),
    priceSummary: {
      subtotal: asPrice(summary.subtotal),
      shipping: asPrice(summary.shipping),
      tax: asPrice(summary.tax),
      discount: asPrice(summary.discount),
      total: asPrice(summary.total),
      totalAdditionalFees: asPrice(summary.additionalFees),
    },
    billingInfo: destination,
    recipientInfo: destination,
    ...(option && {
      shippingInfo: {
        ...(option.carrierId && { carrierId: option.carrierId }),
        code: option.code,
        title: option.title,
        logistics: {
          shippingDestination: destination,
          ...(option.logistics.deliveryTime && { deliveryTime: option.logistics.deliveryTime }),
        },
        cost: {
          price: asPrice(option.cost.price),
          totalPriceBeforeTax: asPrice(option.cost.totalPriceBeforeTax),
          totalPriceAfterTax: asPrice(option.cost.totalPriceAfterTax),
          discount: minorPrice(shippingDiscountOf(data, minor)),
        },
        ...(address.country && { region: { name: address.country } }),
      },
    }),
    appliedDiscounts: data.appliedDiscounts.map((discount) => wireDiscount(discount, asPrice)),
    taxInfo: { totalTax: asPrice(summary.tax) },
    currency,
    ...(data.buyerNote && { buyerNote: data.buyerNote }),
    checkoutId: row.checkout_id,
    purchaseFlowId: data.cartId,
    ...ALIKE,
  }
}

/** What a free-shipping coupon took off the shipping. */
function shippingDiscountOf(data: OrderData, minor: (money: Money) => Minor): Minor {
  let total = 0n
  for (const discount of data.appliedDiscounts)
    if (discount.discountType === 'SHIPPING' && 'coupon' in discount)
      total += minor(discount.coupon.amount)
  return total
}
