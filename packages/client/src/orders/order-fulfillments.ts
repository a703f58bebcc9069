import { dates } from '../codec/convert.js'
import { elevated } from '../client/elevated.js'
import type { Endpoint } from '../http/endpoint.js'
import * as commerce from '../enums/commerce.js'
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
  // The official module's enumeration that SPEC §3 has.
  WebhookIdentityType: commerce.IdentityType,

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

/**
 * The types of fulfillments under the module's name, by the official module's names
 * (`let fulfillment: orderFulfillments.Fulfillment`), and the value type of its enumeration.
 */
export declare namespace orderFulfillments {
  export type CreateFulfillmentResponse = import('./types.js').CreateFulfillmentResponse
  export type Fulfillment = import('./types.js').Fulfillment
  export type ListFulfillmentsForSingleOrderResponse = import('./types.js').ListFulfillmentsResponse
  export type OrderWithFulfillments = import('./types.js').OrderWithFulfillments

  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
