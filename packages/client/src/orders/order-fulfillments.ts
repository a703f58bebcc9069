import { dates } from '../codec/convert.js'
import { elevated } from '../client/elevated.js'
import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type { CreateFulfillmentResponse, Fulfillment, ListFulfillmentsResponse } from './types.js'

const ORDER = '/ecom/v1/fulfillments/orders/{orderId}'
const response = [dates(['orderWithFulfillments.fulfillments.createdDate'])]

const endpoints = {
  list: { method: 'GET', path: ORDER, response },
  create: { method: 'POST', path: ORDER + '/create-fulfillment', response },
} satisfies Record<string, Endpoint>

/**
 * The fulfillments of eCommerce orders: the items shipped or delivered together. Members may list
 * their own orders' fulfillments; creating one (marking items fulfilled) needs an elevated client
 * (`ApiKeyStrategy`) and otherwise rejects with {@link ElevatedClientRequiredError} without sending
 * anything.
 *
 * @example
 * const admin = createClient({ modules: { orderFulfillments }, auth: ApiKeyStrategy({ apiKey }) })
 * await admin.orderFulfillments.createFulfillment(order.id, {
 *   lineItems: order.lineItems.map(({ id, quantity }) => ({ id, quantity })),
 *   trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
 * })
 */
export const orderFulfillments = {
  /** An order's fulfillments. Calls `GET /ecom/v1/fulfillments/orders/{orderId}`. */
  listFulfillmentsForSingleOrder:
    (http: Http) =>
    (orderId: string, options?: CallOptions): Promise<ListFulfillmentsResponse> =>
      http.call(endpoints.list, { orderId }, options),

  ...elevated({
    /**
     * Creates a fulfillment of an order's items; the order's `fulfillmentStatus` follows.
     * Calls `POST /ecom/v1/fulfillments/orders/{orderId}/create-fulfillment`.
     */
    createFulfillment:
      (http: Http) =>
      (
        orderId: string,
        fulfillment: Fulfillment,
        options?: CallOptions,
      ): Promise<CreateFulfillmentResponse> =>
        http.call(endpoints.create, { orderId, fulfillment }, options),
  }),
}
