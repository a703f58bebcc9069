import type { PlatformContext } from '../../context.js'
import { forUpdate, transaction } from '../../db/transaction.js'
import { lockCart, removeCart, type CartState } from '../cart/index.js'
import { lockStock, takeStock, type StockWant } from '../catalog/index.js'
import { eventIdentity } from '../events/index.js'
import { createOrder, lineTotalsOf, orderOfCheckout } from '../orders/index.js'
import type { CheckoutFlow } from './flow.js'
import { shippingAddressOf, type CheckoutForm, type FormErrors } from './form.js'
import { quoteCheckout } from './quote.js'

/** What placing the order gave: the order (new, or the one placed before), or why not. */
export type PlaceResult =
  | { kind: 'placed'; order: { id: string; number: number } }
  | { kind: 'refused'; status: number; alert?: string; errors?: FormErrors }

/** The page's message when the cart changed after the checkout was made. */
export const CART_CHANGED =
  'Your cart changed after this checkout started. Go back to your cart and check out again.'

/** The units each catalog line of the cart takes from the catalog's stock. */
const stockWants = (state: CartState): StockWant[] =>
  state.lines.flatMap((line) => {
    const item = line.kind === 'catalog' ? state.catalog.get(line.id) : undefined
    return item ? [{ ...item, quantity: line.quantity }] : []
  })

const refused = (status: number, refusal: { alert?: string; errors?: FormErrors }) =>
  ({ kind: 'refused', status, ...refusal }) as const

/**
 * Places the order of checkout `flow` with the (validated) `form`, in ONE transaction, the
 * checkout row and then the cart row locked first:
 * - a checkout already completed answers its order again (a second submit places nothing);
 * - the cart must still hold what the checkout was made of (the order is priced from the cart
 *   now, with the cart's totals code — so it is exactly what the page showed), every item still
 *   available, the chosen shipping option one of the address's, and the total the one the buyer
 *   saw (`shownTotal`), and every tracked stock enough for it (its product rows locked);
 * - then the test card is charged (declined: nothing is written), the ordered units are taken out
 *   of stock, the order is stored (paid), the checkout marked `COMPLETED`, and the cart deleted
 *   with its `cart_deleted` event.
 */
export async function placeOrder(
  ctx: PlatformContext,
  flow: CheckoutFlow,
  form: CheckoutForm,
  shownTotal: string | undefined,
): Promise<PlaceResult> {
  const checkoutId = flow.checkout.id
  return transaction(ctx.db, async (trx) => {
    const checkout = await forUpdate(
      ctx.db,
      trx.selectFrom('checkouts').select('status').where('id', '=', checkoutId),
    ).executeTakeFirst()
    const placed = checkout?.status === 'COMPLETED' && (await orderOfCheckout(trx, checkoutId))
    if (placed) return { kind: 'placed', order: placed }

    const cart = await lockCart(ctx.db, trx, flow.owner.id)
    const quote = await quoteCheckout(trx, cart, flow, form, ctx.config.publicUrl)
    if (quote.kind === 'cartChanged') return refused(409, { alert: CART_CHANGED })
    const { estimate } = quote
    const wants = stockWants(quote.state)
    const stock = await lockStock(ctx.db, trx, wants)
    const short = stock.find((take) => take.quantity > take.available)
    if (short)
      return refused(409, {
        alert: `${short.available ? `Only ${short.available} left of` : 'Sold out:'} ${short.name}. Go back to your cart to change it.`,
      })
    if (estimate.violations.length)
      return refused(409, {
        alert: `Some items are no longer available. Go back to your cart to change them.`,
      })
    const options = estimate.shippingInfo.carrierServiceOptions
    const selected = estimate.shippingInfo.selectedCarrierServiceOption
    if (estimate.calculationErrors || (options.length > 0 && selected?.code !== form.shipping))
      return refused(400, { errors: { shipping: 'Choose one of the shipping options.' } })
    const total = estimate.priceSummary.total
    if (shownTotal !== total.amount)
      return refused(409, {
        alert: `The total is now ${total.formattedAmount}. Check your order and place it again.`,
      })

    const payment = testPayment(form.card)
    if (payment.status !== 'approved')
      return refused(payment.status === 'declined' ? 402 : 400, {
        errors: { card: payment.message },
      })
    await takeStock(trx, stock, eventIdentity(flow.owner))
    const order = await createOrder(trx, {
      checkoutId,
      owner: flow.owner,
      buyerEmail: form.email,
      data: {
        cartId: quote.state.cart.id,
        currency: estimate.currency,
        buyerInfo: estimate.cart.buyerInfo,
        buyerName: form.name,
        shippingAddress: shippingAddressOf(form),
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
    await trx
      .updateTable('checkouts')
      .set({ status: 'COMPLETED', updated_date: new Date().toISOString() })
      .where('id', '=', checkoutId)
      .execute()
    await removeCart(trx, estimate.cart, flow.owner)
    return { kind: 'placed', order: { id: order.id, number: Number(order.number) } }
  })
}

/** The test card that is always approved. */
export const APPROVED_CARD = '4242424242424242'
/** The test card that is always declined. */
export const DECLINED_CARD = '4000000000000002'

/** A test payment's outcome: approved (with the card's last 4 digits), or why not. */
export type TestPayment =
  { status: 'approved'; last4: string } | { status: 'declined' | 'invalid'; message: string }

/** Whether `digits` passes the Luhn check every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * A test payment with card `number` (spaces and dashes allowed): {@link APPROVED_CARD} is
 * approved; {@link DECLINED_CARD} and every other real card number are declined (no money moves
 * here); anything that is not a card number is invalid.
 */
export function testPayment(number: string): TestPayment {
  const digits = number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    return { status: 'invalid', message: 'Enter a valid card number.' }
  if (digits === APPROVED_CARD) return { status: 'approved', last4: digits.slice(-4) }
  if (digits === DECLINED_CARD)
    return { status: 'declined', message: 'Your card was declined. Try another card.' }
  return {
    status: 'declined',
    message: 'This shop takes test payments only: use the test card 4242 4242 4242 4242.',
  }
}
