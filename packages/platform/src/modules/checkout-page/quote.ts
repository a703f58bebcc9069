import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { CheckoutSnapshot } from '../cart/checkout.js'
import { decimal, toMinor } from '../cart/money.js'
import { priceCart } from '../cart/pricing.js'
import { loadState, type CartState } from '../cart/state.js'
import type { CartRow } from '../cart/store.js'
import { wireEstimate, type WireEstimate } from '../cart/totals-wire.js'
import type { CheckoutFlow } from './flow.js'
import { shippingAddressOf, type CheckoutForm } from './form.js'

/** The checkout priced for a form, or the news that its cart no longer holds what it was made of. */
export type Quote =
  { kind: 'quote'; state: CartState; estimate: WireEstimate } | { kind: 'cartChanged' }

/** Whether the cart still holds the checkout's lines: same ids, order, quantities, unit prices. */
function sameItems(snapshot: CheckoutSnapshot, state: CartState): boolean {
  const currency = state.cart.currency
  return (
    snapshot.lineItems.length === state.lines.length &&
    snapshot.lineItems.every((item, index) => {
      const line = state.lines[index]!
      return (
        line.id === item.id &&
        line.quantity === item.quantity &&
        decimal(toMinor(line.price, currency), currency) === item.price.amount
      )
    })
  )
}

/**
 * Prices checkout `flow` for `form`'s address and shipping option with the cart's own totals
 * (shipping rules for the country, tax rule of the country or subdivision, discounts), reading
 * through `db` (a transaction that has locked `cart`, or the database). The checkout is priced
 * from its cart as it is now, which must still hold what the checkout was made of (the same line
 * items, quantities and unit prices); else `cartChanged`.
 */
export async function quoteCheckout(
  db: Kysely<Schema>,
  cart: CartRow | undefined,
  flow: CheckoutFlow,
  form: CheckoutForm,
): Promise<Quote> {
  if (!cart || cart.id !== flow.snapshot.cartId) return { kind: 'cartChanged' }
  const state = await loadState(db, cart, flow.owner)
  if (!sameItems(flow.snapshot, state)) return { kind: 'cartChanged' }
  const pricing = await priceCart(db, state, {
    shippingAddress: shippingAddressOf(form),
    ...(form.shipping && { selectedShippingOption: { code: form.shipping } }),
  })
  return { kind: 'quote', state, estimate: wireEstimate(state, pricing) }
}
