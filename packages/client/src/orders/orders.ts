import { dates, floats } from '../codec/convert.js'
import { imageRefs } from '../codec/media.js'
import { elevated } from '../client/elevated.js'
import { under, type Codec, type Endpoint } from '../http/endpoint.js'
import * as catalog from '../enums/catalog.js'
import * as commerce from '../enums/commerce.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import { ORDER_DATES } from './order-paths.js'
import { searchFunction, type SearchFunction } from '../query/query-builder.js'
import type { CancelOrderOptions, Order, OrderResponse, SearchOrdersResponse } from './types.js'

const ORDERS = '/ecom/v1/orders'

const DATES = ORDER_DATES + ' lineItems.image.urlExpirationDate'
const ADDRESSES =
  'billingInfo.address shippingInfo.logistics.shippingDestination.address shippingInfo.logistics.pickupDetails.address recipientInfo.address'
const FLOATS = [
  'lineItems.image.focalPoint.x lineItems.image.focalPoint.y lineItems.physicalProperties.weight',
  ...ADDRESSES.split(' ').flatMap((address) => under(address + '.geocode.', 'latitude longitude')),
].join(' ')

/**
 * Dates, floats and line-item images of one order (`order.`) or of a list of them (`orders.`),
 * wire-orders-members §1.3. Addresses keep the wire's names, as everywhere in this client. Dates
 * and floats first: the image conversion turns the image objects they sit in into strings.
 */
export const orderCodecs = (prefix: 'order.' | 'orders.'): Codec[] => [
  dates(under(prefix, DATES)),
  floats(under(prefix, FLOATS)),
  imageRefs([prefix + 'lineItems.image']),
]

const one = orderCodecs('order.')

const endpoints = {
  get: { method: 'GET', path: ORDERS + '/{id}', response: one },
  // A search is a read sent as a POST: safe to send again on 429, 503 or a lost connection.
  search: {
    method: 'POST',
    path: ORDERS + '/search',
    idempotent: true,
    response: orderCodecs('orders.'),
  },
  cancel: { method: 'POST', path: ORDERS + '/{id}/cancel', response: one },
} satisfies Record<string, Endpoint>

/**
 * eCommerce orders: read one, search them, cancel one. The provider lets only apps and API keys
 * call them, so this is an elevated module: its calls need a client made with an elevated
 * strategy (`ApiKeyStrategy`, on a server), and otherwise reject with
 * {@link ElevatedClientRequiredError} without sending anything. A shop shows a shopper an order
 * through its server, after checking that the order's buyer is that shopper.
 *
 * @example
 * const admin = createClient({ modules: { orders }, auth: ApiKeyStrategy({ apiKey }) })
 * const order = await admin.orders.getOrder(orderId)
 * const page = await admin.orders.searchOrders().eq('buyerInfo.memberId', memberId).find()
 */
export const orders = elevated({
  // The official module's enumerations that SPEC §3 has (`orders.ChannelType.WEB`).
  ChannelType: commerce.ChannelType,
  DescriptionLineType: commerce.DescriptionLineType,
  DiscountType: commerce.DiscountType,
  ItemTypePreset: commerce.ItemType,
  JurisdictionType: commerce.JurisdictionType,
  MeasurementUnit: catalog.MeasurementUnit,
  PaymentOptionType: commerce.PaymentOptionType,
  PickupMethod: commerce.PickupMethod,
  SortOrder: catalog.SortOrder,
  SubscriptionFrequency: commerce.SubscriptionFrequency,
  TaxableAddressType: commerce.TaxableAddressType,
  VatType: commerce.VatType,
  WebhookIdentityType: commerce.IdentityType,
  WeightUnit: commerce.WeightUnit,

  /** An order by id, unwrapped. Calls `GET /ecom/v1/orders/{id}`. */
  getOrder:
    (http: Http) =>
    async (id: string, options?: CallOptions): Promise<Order> =>
      (await http.call<OrderResponse>(endpoints.get, { id }, options)).order,

  /**
   * A search of orders, newest first unless sorted otherwise; `PENDING` and `REJECTED` orders only
   * when the filter names them, `INITIALIZED` ones never. Calls `POST /ecom/v1/orders/search`. No
   * argument: a builder, sent by `find()`, whose pages follow by cursor; a search object
   * (`{ filter, sort, cursorPaging }`): sent at once, resolves with the whole response.
   */
  searchOrders: (http: Http): SearchFunction<Order, SearchOrdersResponse> =>
    searchFunction(http, { endpoint: endpoints.search, items: 'orders' }),

  /** Cancels an order. Calls `POST /ecom/v1/orders/{id}/cancel`. */
  cancelOrder:
    (http: Http) =>
    (id: string, params: CancelOrderOptions = {}, options?: CallOptions): Promise<OrderResponse> =>
      http.call(endpoints.cancel, { id, ...params }, options),
})

/**
 * The types of orders under the module's name, by the official module's names
 * (`let order: orders.Order`), and the value types of its enumerations and statuses.
 */
export declare namespace orders {
  export type AddressWithContact = import('./types.js').AddressWithContact
  export type BuyerInfo = import('./types.js').BuyerInfo
  export type CancelOrderOptions = import('./types.js').CancelOrderOptions
  export type DescriptionLine = import('./types.js').OrderDescriptionLine
  export type Order = import('./types.js').Order
  export type OrderLineItem = import('./types.js').OrderLineItem
  export type PriceSummary = import('./types.js').OrderPriceSummary
  export type Price = import('./types.js').Price
  export type SearchOrdersResponse = import('./types.js').SearchOrdersResponse
  export type ShippingInformation = import('./types.js').OrderShippingInfo

  export type FulfillmentStatus = import('./types.js').FulfillmentStatus
  export type OrderStatus = import('./types.js').OrderStatus
  export type PaymentStatusEnumPaymentStatus = import('./types.js').PaymentStatus
  export type ChannelType = import('../enums/commerce.js').ChannelType
  export type DescriptionLineType = import('../enums/commerce.js').DescriptionLineType
  export type DiscountType = import('../enums/commerce.js').DiscountType
  export type ItemTypePreset = import('../enums/commerce.js').ItemType
  export type JurisdictionType = import('../enums/commerce.js').JurisdictionType
  export type MeasurementUnit = import('../enums/catalog.js').MeasurementUnit
  export type PaymentOptionType = import('../enums/commerce.js').PaymentOptionType
  export type PickupMethod = import('../enums/commerce.js').PickupMethod
  export type SortOrder = import('../enums/catalog.js').SortOrder
  export type SubscriptionFrequency = import('../enums/commerce.js').SubscriptionFrequency
  export type TaxableAddressType = import('../enums/commerce.js').TaxableAddressType
  export type VatType = import('../enums/commerce.js').VatType
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
  export type WeightUnit = import('../enums/commerce.js').WeightUnit
}
