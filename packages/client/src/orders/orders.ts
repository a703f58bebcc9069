import { dates, floats } from '../codec/convert.js'
import { imageRefs } from '../codec/media.js'
import { elevated } from '../client/elevated.js'
import { under, type Codec, type Endpoint } from '../http/endpoint.js'
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
