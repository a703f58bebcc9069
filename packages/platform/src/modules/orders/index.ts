import type { PlatformModule } from '../module.js'
import { ordersRoutes } from './routes.js'

/**
 * eCommerce orders (wire-orders-members §1): `GET /ecom/v1/orders/{id}`,
 * `POST /ecom/v1/orders/search` and `POST /ecom/v1/orders/{id}/cancel`, for elevated callers;
 * fulfillments (`…/fulfillments/orders/{orderId}/create-fulfillment` for elevated callers, the
 * list also for the order's member; fulfillments.ts); `quoteOrder` and `placeOrder`, with which
 * the hosted checkout prices and places an order of a checkout in one transaction (stock taken,
 * test card charged, confirmation mailed, cart removed); and the order events (`order_created`,
 * `order_approved`, `order_canceled`, `order_fulfilled`, `fulfillments_updated`). Choices where
 * the facts are silent:
 * - An order's statuses, dates, buyer and total are columns (searched, and changed later);
 *   everything else is the JSON the checkout stored, turned into the wire's Order on each read.
 * - `buyerInfo` holds `memberId` for a member's order and `visitorId` otherwise (no `contactId`:
 *   there are no contacts); a visitor's orders stay the visitor's after they register.
 * - Search pages by position (a cursor carries the filter, the sort and the last order's sort
 *   values), so orders placed between pages never shift them.
 * - Cancelling returns the order's units to stock with `restockAllItems`, and mails the buyer with
 *   `sendOrderCanceledEmail`.
 */
export const ordersModule: PlatformModule = { name: 'orders', routes: ordersRoutes }

export { testPayment } from './payment.js'
export { placeOrder, type PlaceOutcome } from './place-order.js'
export { quoteOrder, type PriceChange, type ShippingChoice } from './quote.js'
export { FIRST_ORDER_NUMBER, orderOfCheckout, type OrderData } from './store.js'
