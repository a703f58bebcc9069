import type { PlatformModule } from '../module.js'
import { checkoutPageRoutes } from './routes.js'

/**
 * The hosted checkout page, where an `ecomCheckout` redirect session leads:
 * `/_vitrine/checkout/<checkoutId>?session=<id>` shows the checkout's items and totals, takes a
 * shipping address (the state or region where tax rules depend on it), a shipping option (priced
 * by the cart's own totals code, again whenever the address changes) and a test card, then places
 * the order, empties the cart and redirects to the session's `thankYouPageUrl` (with `orderId`)
 * or `postFlowUrl`. The page keeps the form, its CSRF check and its rendering; the orders module
 * prices (`quoteOrder`) and places (`placeOrder`) the order, and serves it
 * (`GET /ecom/v1/orders/{id}`, `POST /ecom/v1/orders/search`).
 *
 * Choices:
 * - The order is placed from the checkout's cart as it is at that moment, in one transaction, and
 *   only while that cart still holds exactly what the checkout was made of (line ids, quantities,
 *   unit prices) and the total is the one the page showed; otherwise the buyer is sent back to
 *   the cart. So the order is priced by the same code as every other total, and never differs
 *   from what the cart and the page said.
 * - The redirect session is the page's only key: it must be live (30 minutes), be for this very
 *   checkout, and have been created by the checkout's owner; anything else is a 404. Its return
 *   URLs are checked against the client's allow-list again when the page opens.
 * - Forms are CSRF-protected (double submit, bound to the session); a completed checkout answers
 *   its order again (a second submit never places a second order).
 * - Test payments only: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 (and any other card)
 *   declined. Only the last 4 digits are stored. Stock is not reserved while the page is open; the
 *   ordered units of tracked stock are taken when the order is placed (never more than there are).
 */
export const checkoutPageModule: PlatformModule = {
  name: 'checkout-page',
  routes: checkoutPageRoutes,
}
