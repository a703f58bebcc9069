/**
 * Wire types of eCommerce orders and their fulfillments (wire-orders-members §1). Field names are the
 * wire's (`id`, `createdDate`, …); dates in responses are `Date`s, a line item's `image` is a
 * `wix:image://` reference, money is a decimal string. Fields the facts name are typed; others pass
 * through.
 */

import type { Address, CatalogReference, ContactInfo } from '../cart/types.js'
import type { PaymentOptionType, PickupMethod } from '../enums/commerce.js'
import type { CursorPagingMetadata } from '../query/types.js'

/** An order's status. `PENDING` and `REJECTED` orders are searched only when asked for by name. */
export type OrderStatus = 'INITIALIZED' | 'APPROVED' | 'CANCELED' | 'PENDING' | 'REJECTED'

/** An order's payment status. */
export type PaymentStatus =
  | 'UNSPECIFIED'
  | 'NOT_PAID'
  | 'PAID'
  | 'PARTIALLY_REFUNDED'
  | 'FULLY_REFUNDED'
  | 'PENDING'
  | 'PARTIALLY_PAID'
  | 'PENDING_MERCHANT'
  | 'CANCELED'
  | 'DECLINED'

/** An order's fulfillment status (read-only; orders without shipping are fulfilled at once). */
export type FulfillmentStatus = 'NOT_FULFILLED' | 'FULFILLED' | 'PARTIALLY_FULFILLED'

/** An amount of money: never a float. */
export interface Price {
  /** Decimal string, e.g. `"12.50"`. */
  amount: string
  /** The amount in the order's currency, for people, e.g. `"€12.50"`. */
  formattedAmount?: string
}

/** A text and its translation into the buyer's language. */
export interface Translatable {
  original: string
  translated?: string
}

/** A line of an order item's description: a name with a plain text or a color. */
export interface OrderDescriptionLine {
  name?: Translatable
  plainText?: Translatable
  colorInfo?: Translatable & { code?: string }
  [key: string]: unknown
}

/** One item of an order. `image` is a `wix:image://` reference (or a plain URL). */
export interface OrderLineItem {
  id: string
  productName: Translatable
  catalogReference: CatalogReference
  /** 1 to 100000. */
  quantity: number
  price?: Price
  priceBeforeDiscounts?: Price
  totalPriceBeforeTax?: Price
  totalPriceAfterTax?: Price
  lineItemPrice?: Price
  totalDiscount?: Price
  depositAmount?: Price
  image?: string
  descriptionLines?: OrderDescriptionLine[]
  physicalProperties?: { weight?: number; sku?: string; shippable?: boolean }
  itemType?: { preset?: 'UNRECOGNISED' | 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE' }
  paymentOption: PaymentOptionType | 'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER'
  priceDescription?: Translatable
  fulfillerId?: string
  refundQuantity?: number
  restockQuantity?: number
  [key: string]: unknown
}

/** An order's totals, each a {@link Price}. */
export interface OrderPriceSummary {
  subtotal?: Price
  shipping?: Price
  tax?: Price
  discount?: Price
  total?: Price
  totalAdditionalFees?: Price
}

/** The buyer: a contact and e-mail, and either a `memberId` (signed in) or a `visitorId`. */
export interface BuyerInfo {
  contactId?: string
  email?: string
  memberId?: string
  visitorId?: string
}

/** Who is billed or receives the order: an address and contact details (as a cart's). */
export type AddressWithContact = ContactInfo

/** How the order is delivered. */
export interface OrderShippingInfo {
  carrierId?: string
  code?: string
  title: string
  logistics?: {
    shippingDestination?: AddressWithContact
    pickupDetails?: { address?: Address; pickupMethod?: PickupMethod }
    deliveryTime?: string
    instructions?: string
    deliverByDate?: Date
    deliveryTimeSlot?: { from?: Date; to?: Date }
  }
  cost?: {
    price?: Price
    totalPriceBeforeTax?: Price
    totalPriceAfterTax?: Price
    discount?: Price
  }
  region?: { name?: string }
  [key: string]: unknown
}

/** An eCommerce order, as the wire carries it. */
export interface Order {
  id: string
  /** The order number shown to people (auto-generated). */
  number: string
  createdDate?: Date
  updatedDate?: Date
  purchasedDate?: Date
  status: OrderStatus
  paymentStatus: PaymentStatus
  fulfillmentStatus: FulfillmentStatus
  buyerInfo?: BuyerInfo
  lineItems: OrderLineItem[]
  priceSummary?: OrderPriceSummary
  /** ISO-4217 code. */
  currency?: string
  taxIncludedInPrices: boolean
  weightUnit: 'KG' | 'LB' | 'UNSPECIFIED_WEIGHT_UNIT'
  buyerLanguage?: string
  siteLanguage?: string
  buyerNote?: string
  billingInfo?: AddressWithContact
  recipientInfo?: AddressWithContact
  shippingInfo?: OrderShippingInfo
  checkoutId?: string
  /** Links the cart, checkout and order of one purchase. */
  purchaseFlowId?: string
  /** `type`: a `ChannelType` value, or `UNSPECIFIED` and the newer channels. */
  channelInfo?: { type: string; externalOrderId?: string; externalOrderUrl?: string }
  createdBy?: { userId?: string; memberId?: string; visitorId?: string; appId?: string }
  activities?: { id?: string; createdDate?: Date; type?: string; [key: string]: unknown }[]
  archived?: boolean
  seenByAHuman?: boolean
  /** Whether the order was imported from another platform. */
  imported?: boolean
  attributionSource?: string
  businessLocation?: { id?: string; name?: string }
  [key: string]: unknown
}

/** `{order}`: what `getOrder` and `cancelOrder` answer. */
export interface OrderResponse {
  order: Order
}

/** What `searchOrders` answers: a page of orders and the cursors of the pages around it. */
export interface SearchOrdersResponse {
  orders: Order[]
  metadata?: CursorPagingMetadata
}

/** The options of `cancelOrder`. */
export interface CancelOrderOptions {
  /** Whether the buyer gets the cancellation e-mail. */
  sendOrderCanceledEmail?: boolean
  /** A message for the buyer in that e-mail. */
  customMessage?: string
  /** Whether every item goes back into stock. */
  restockAllItems?: boolean
}

/** A fulfillment: items of an order shipped or delivered together. */
export interface Fulfillment {
  id?: string
  createdDate?: Date
  /** The order's line items in this fulfillment, by id, with their quantity. */
  lineItems?: { id: string; quantity?: number }[]
  trackingInfo?: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string }
  status?: string
  completed?: boolean
  [key: string]: unknown
}

/** An order's fulfillments. */
export interface OrderWithFulfillments {
  orderId: string
  fulfillments: Fulfillment[]
}

/** What `listFulfillmentsForSingleOrder` answers. */
export interface ListFulfillmentsResponse {
  orderWithFulfillments: OrderWithFulfillments
}

/** What `createFulfillment` answers: the new fulfillment's id and the order's fulfillments. */
export interface CreateFulfillmentResponse {
  fulfillmentId?: string
  orderWithFulfillments: OrderWithFulfillments
}
