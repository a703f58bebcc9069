import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { Money } from '../../money.js'
import {
  estimateCart,
  type Address,
  type CartOwner,
  type CartRow,
  type CartState,
  type CheckoutSnapshot,
  type WireEstimate,
} from '../cart/index.js'

/** An item whose unit price the catalog changed since the checkout was made. */
export interface PriceChange {
  name: string
  was: Money
  now: Money
}

/** A checkout, as its order is quoted and placed: what the buyer saw, and whose it is. */
export interface CheckoutOfOrder {
  snapshot: CheckoutSnapshot
  owner: CartOwner
}

/** Where the buyer has the order shipped, and how. */
export interface ShippingChoice {
  shippingAddress: Address
  /** The chosen shipping option's code, when one is chosen. */
  shippingCode?: string
}

/**
 * The order of a checkout priced for a shipping choice (with the items whose price changed since
 * the checkout was made), or the news that its cart no longer holds what it was made of.
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

/**
 * Prices the order of `checkout` for `choice` with the cart's own totals (shipping rules for the
 * country, tax rule of the country or subdivision, discounts), reading through `db` (a
 * transaction that has locked `cart`, or the database). The order is priced from its cart as it
 * is now, items by the catalog now, and the cart must still hold what the checkout was made of
 * (the same line items and quantities); else `cartChanged`. Pictures are on `publicUrl`.
 */
export async function quoteOrder(
  db: Kysely<Schema>,
  cart: CartRow | undefined,
  checkout: CheckoutOfOrder,
  choice: ShippingChoice,
  publicUrl: string,
): Promise<Quote> {
  const { snapshot, owner } = checkout
  if (!cart || cart.id !== snapshot.cartId) return { kind: 'cartChanged' }
  const { state, estimate } = await estimateCart(
    db,
    cart,
    owner,
    {
      shippingAddress: choice.shippingAddress,
      ...(choice.shippingCode && { selectedShippingOption: { code: choice.shippingCode } }),
    },
    publicUrl,
  )
  if (!sameItems(snapshot, state)) return { kind: 'cartChanged' }
  return { kind: 'quote', state, estimate, priceChanges: priceChanges(snapshot, estimate) }
}
