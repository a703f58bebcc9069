import type { PlatformContext } from '../../context.js'
import { transaction } from '../../db/transaction.js'
import type { Money } from '../../money.js'
import {
  completeCheckout,
  lockCart,
  lockCheckoutCompleted,
  removeCart,
  type CartState,
} from '../cart/index.js'
import { lockStock, takeStock, type StockWant } from '../catalog/index.js'
import { eventIdentity } from '../events/index.js'
import { testPayment } from './payment.js'
import { quoteOrder, type CheckoutOfOrder, type ShippingChoice } from './quote.js'
import { createOrder } from './service.js'
import { lineTotalsOf, orderOfCheckout } from './store.js'

/** An order asked for: the checkout, who the buyer is, the shipping choice and the payment. */
export interface OrderRequest extends ShippingChoice {
  checkoutId: string
  checkout: CheckoutOfOrder
  buyer: { email: string; name: string }
  /** The test card number (only its last 4 digits are stored). */
  card: string
  /** The total the buyer was shown: the order must cost exactly that. */
  shownTotal: string | undefined
}

/** What placing an order gave: the order (new, or the one placed before), or why none. */
export type PlaceOutcome =
  | { kind: 'placed'; order: { id: string; number: number } }
  | { kind: 'cartChanged' }
  | { kind: 'notInStock'; name: string; available: number }
  | { kind: 'notAvailable' }
  | { kind: 'shippingOption' }
  | { kind: 'totalChanged'; total: Money }
  | { kind: 'payment'; status: 'declined' | 'invalid'; message: string }

/** The units each catalog line of the cart takes from the catalog's stock. */
const stockWants = (state: CartState): StockWant[] =>
  state.lines.flatMap((line) => {
    const item = line.kind === 'catalog' ? state.catalog.get(line.id) : undefined
    return item ? [{ ...item, quantity: line.quantity }] : []
  })

/**
 * Places the order of checkout `request.checkoutId` in ONE transaction, the checkout row and then
 * the cart row locked first:
 * - a checkout already completed answers its order again (a second submit places nothing);
 * - the cart must still hold what the checkout was made of (the order is priced from the cart
 *   now, with the cart's totals code — so it is exactly what the buyer was shown), every item
 *   still available, the chosen shipping option one of the address's, the total the one the buyer
 *   saw, and every tracked stock enough for it (its product rows locked);
 * - then the test card is charged (declined: nothing is written), the ordered units are taken out
 *   of stock, the order is stored (paid) with the cart's buyer note, the checkout marked
 *   completed, and the cart deleted with its `cart_deleted` event.
 */
export async function placeOrder(
  ctx: PlatformContext,
  request: OrderRequest,
): Promise<PlaceOutcome> {
  const { checkoutId, checkout } = request
  const { owner } = checkout
  return transaction(ctx.db, async (trx) => {
    if (await lockCheckoutCompleted(ctx, trx, checkoutId)) {
      const placed = await orderOfCheckout(trx, checkoutId)
      if (placed) return { kind: 'placed', order: placed }
    }
    const cart = await lockCart(trx, owner.id)
    const quote = await quoteOrder(trx, cart, checkout, request, ctx.config.publicUrl)
    if (quote.kind === 'cartChanged') return quote
    const { estimate } = quote
    const wants = stockWants(quote.state)
    const stock = await lockStock(trx, wants)
    const short = stock.find((take) => take.quantity > take.available)
    if (short) return { kind: 'notInStock', name: short.name, available: short.available }
    if (estimate.violations.length) return { kind: 'notAvailable' }
    const options = estimate.shippingInfo.carrierServiceOptions
    const selected = estimate.shippingInfo.selectedCarrierServiceOption
    if (
      estimate.calculationErrors ||
      (options.length > 0 && selected?.code !== request.shippingCode)
    )
      return { kind: 'shippingOption' }
    const total = estimate.priceSummary.total
    if (request.shownTotal !== total.amount) return { kind: 'totalChanged', total }

    const payment = testPayment(request.card)
    if (payment.status !== 'approved') return { kind: 'payment', ...payment }
    await takeStock(trx, stock, eventIdentity(owner))
    const note = quote.state.cart.buyer_note
    const order = await createOrder(trx, {
      checkoutId,
      owner,
      buyerEmail: request.buyer.email,
      data: {
        cartId: quote.state.cart.id,
        currency: estimate.currency,
        buyerInfo: estimate.cart.buyerInfo,
        buyerName: request.buyer.name,
        ...(note && { buyerNote: note }),
        shippingAddress: request.shippingAddress,
        shippingOption: selected ?? null,
        lineItems: estimate.cart.lineItems,
        lineTotals: lineTotalsOf(estimate),
        priceSummary: estimate.priceSummary,
        appliedDiscounts: estimate.appliedDiscounts,
        taxSummary: estimate.taxSummary,
        payment: { method: 'TEST_CARD', cardLast4: payment.last4, amount: total },
        stock: wants,
      },
    })
    await completeCheckout(trx, checkoutId)
    await removeCart(trx, estimate.cart, owner)
    return { kind: 'placed', order: { id: order.id, number: Number(order.number) } }
  })
}
