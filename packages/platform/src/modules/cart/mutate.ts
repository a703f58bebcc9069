import type { PlatformContext } from '../../context.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { siteCurrency, type CatalogRows } from '../catalog/index.js'
import { emitCartEvent } from './events.js'
import { loadState, type CartOwner } from './state.js'
import {
  insertCart,
  linesOf,
  lockCart,
  setPrices,
  updateCart,
  type CartRow,
  type LineRow,
} from './store.js'
import { wireCart, type WireCart } from './wire.js'

/** The provider's answer when the caller has no cart: 404 `OWNED_CART_NOT_FOUND`. */
export function cartNotFound(): PlatformError {
  return PlatformError.application(404, 'OWNED_CART_NOT_FOUND', 'Cart not found')
}

/** The rows of a cart as a change finds them: the cart (locked) and its lines. */
export interface CartRows {
  cart: CartRow
  lines: LineRow[]
  /**
   * A change that knows the lines as they are after it (all of them, in order) may set them here,
   * so they are not read back.
   */
  linesAfter?: LineRow[]
  /** Catalog rows the change has read (the cart is priced from them, not read again). */
  catalog?: CatalogRows
}

/**
 * A change of a cart, inside the write's transaction with the cart row locked: it writes the
 * line items itself through `trx` and returns the cart columns to change (if any).
 */
export type CartChange = (trx: Tx, rows: CartRows) => Promise<Partial<CartRow> | void>

/** The cart of `owner`, locked; created first (`created`) when it has none. */
export async function lockOrCreate(trx: Tx, owner: CartOwner) {
  const existing = await lockCart(trx, owner.id)
  if (existing) return { cart: existing, created: false }
  const inserted = await insertCart(trx, owner.id, await siteCurrency(trx))
  if (inserted) return { cart: inserted, created: true }
  // Another request created it meanwhile (its insert committed first): lock that one.
  const raced = await lockCart(trx, owner.id)
  if (!raced) throw PlatformError.application(409, 'CART_CONFLICT', 'The cart changed: try again')
  return { cart: raced, created: false }
}

/**
 * Runs `change` on the caller's cart in ONE transaction, the cart row locked first (PostgreSQL
 * `FOR UPDATE`; SQLite's transaction is already exclusive), so concurrent changes of one cart
 * apply one after another and lose nothing. With `create`, a caller without a cart gets one (a
 * race of two first adds ends with one cart); without, it is a 404. Then {@link saveCart}.
 * Returns the cart as the wire shows it.
 */
export async function mutateCart(
  ctx: PlatformContext,
  owner: CartOwner,
  options: { create: boolean },
  change: CartChange,
): Promise<WireCart> {
  return transaction(ctx.db, async (trx) => {
    const { cart, created } = options.create
      ? await lockOrCreate(trx, owner)
      : { cart: await lockCart(trx, owner.id), created: false }
    if (!cart) throw cartNotFound()
    const rows: CartRows = { cart, lines: created ? [] : await linesOf(trx, cart.id) }
    const columns = (await change(trx, rows)) ?? {}
    return saveCart(ctx, trx, owner, { ...rows, created, columns })
  })
}

/**
 * Ends a change of the cart in `rows` (locked in `trx`): catalog lines take the catalog's price
 * now, a coupon that no longer applies is dropped, the cart's `columns` are written and
 * `updatedDate` stamped, and `cart_created` (when `created`) or `cart_updated` is emitted.
 * Returns the cart as the wire shows it.
 */
export async function saveCart(
  ctx: PlatformContext,
  trx: Tx,
  owner: CartOwner,
  rows: CartRows & { created: boolean; columns: Partial<CartRow> },
): Promise<WireCart> {
  const { cart, columns } = rows
  const state = await loadState(trx, { ...cart, ...columns }, owner, rows.catalog, rows.linesAfter)
  const dropCoupon = state.cart.coupon_code && !state.coupon
  state.cart = await updateCart(trx, cart, dropCoupon ? { ...columns, coupon_code: null } : columns)
  await setPrices(trx, state.repriced)
  const wire = wireCart(state, ctx.config.publicUrl)
  await emitCartEvent(trx, rows.created ? 'created' : 'updated', wire, owner)
  return wire
}
