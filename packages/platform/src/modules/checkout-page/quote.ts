import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { Money } from '../../money.js'
import {
  estimateCart,
  type CartRow,
  type CartState,
  type CheckoutSnapshot,
  type WireEstimate,
} from '../cart/index.js'
import type { CheckoutFlow } from './flow.js'
import { shippingAddressOf, type CheckoutForm } from './form.js'

/** An item whose unit price the catalog changed since the checkout was made. */
export interface PriceChange {
  name: string
  was: Money
  now: Money
}

/**
 * The checkout priced for a form (with the items whose price changed since the checkout was
 * made), or the news that its cart no longer holds what it was made of.
 */
export type Quote =
  | { kind: 'quote'; state: CartState; estimate: WireEstimate; priceChanges: PriceChange[] }
  | { kind: 'cartChanged' }

/** Whether the cart still holds the checkout's lines: same ids, order and quantities. */
function sameItems(snapshot: CheckoutSnapshot, state: CartState): boolean {
  return (
    snapshot.lineItems.length === state.lines.length &&
    snapshot.lineItems.every((item, index) => {
      const line = state.lines[index]!
      return line.id === item.id && line.quantity === item.quantity
    })
  )
}

/** The items of `estimate` whose unit price differs from the one `snapshot` showed. */
function priceChanges(snapshot: CheckoutSnapshot, estimate: WireEstimate): PriceChange[] {
  return estimate.cart.lineItems.flatMap((item, index) => {
    const was = snapshot.lineItems[index]!.price
    return was.amount === item.price.amount
      ? []
      : [{ name: item.productName.original, was, now: item.price }]
  })
}

/** What the page says of `changes` (nothing when there are none). */
export function priceChangeNotice(changes: readonly PriceChange[]): string | undefined {
  if (changes.length === 0) return undefined
  const list = changes
    .map(
      (change) =>
        `${change.name} is now ${change.now.formattedAmount} (was ${change.was.formattedAmount})`,
    )
    .join('; ')
  return `Prices changed since you started checking out: ${list}. The total below is up to date.`
}

/**
 * Prices checkout `flow` for `form`'s address and shipping option with the cart's own totals
 * (shipping rules for the country, tax rule of the country or subdivision, discounts), reading
 * through `db` (a transaction that has locked `cart`, or the database). The checkout is priced
 * from its cart as it is now, items by the catalog now, and the cart must still hold what the
 * checkout was made of (the same line items and quantities); else `cartChanged`. Pictures are
 * on `publicUrl`.
 */
export async function quoteCheckout(
  db: Kysely<Schema>,
  cart: CartRow | undefined,
  flow: CheckoutFlow,
  form: CheckoutForm,
  publicUrl: string,
): Promise<Quote> {
  if (!cart || cart.id !== flow.snapshot.cartId) return { kind: 'cartChanged' }
  const { state, estimate } = await estimateCart(
    db,
    cart,
    flow.owner,
    {
      shippingAddress: shippingAddressOf(form),
      ...(form.shipping && { selectedShippingOption: { code: form.shipping } }),
    },
    publicUrl,
  )
  if (!sameItems(flow.snapshot, state)) return { kind: 'cartChanged' }
  return { kind: 'quote', state, estimate, priceChanges: priceChanges(flow.snapshot, estimate) }
}
