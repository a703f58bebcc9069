import { orderFulfillments as main } from '../orders/order-fulfillments.js'
import * as commerce from '../enums/commerce.js'

/**
 * `orderFulfillments` as the official module has it: the operations of the main entry's `orderFulfillments` and
 * the official module's enumeration that SPEC §3 has (`orderFulfillments.WebhookIdentityType.MEMBER`).
 */
export const orderFulfillments = {
  ...main,
  WebhookIdentityType: commerce.IdentityType,
}

/**
 * The types of fulfillments under the module's name, by the official module's names
 * (`let fulfillment: orderFulfillments.Fulfillment`), and the value type of its enumeration.
 */
export declare namespace orderFulfillments {
  export type CreateFulfillmentResponse = import('../orders/types.js').CreateFulfillmentResponse
  export type Fulfillment = import('../orders/types.js').Fulfillment
  export type ListFulfillmentsForSingleOrderResponse =
    import('../orders/types.js').ListFulfillmentsResponse
  export type OrderWithFulfillments = import('../orders/types.js').OrderWithFulfillments

  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
