import type { Updateable } from 'kysely'
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
import type { CartsTable } from './tables.js'
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
}

/**
 * A change of a cart, inside the write's transaction with the cart row locked: it writes the
 * line items itself through `trx` and returns the cart columns to change (if any).
 */
export type CartChange = (trx: Tx, rows: CartRows) => Promise<Updateable<CartsTable> | void>

/** The cart of `owner`, locked; created first (`created`) when it has none. */
export async function lockOrCreate(ctx: PlatformContext, trx: Tx, owner: CartOwner) {
  const existing = await lockCart(ctx.db, trx, owner.id)
  if (existing) return { cart: existing, created: false }
  const inserted = await insertCart(trx, owner.id, await siteCurrency(trx))
  if (inserted) return { cart: inserted, created: true }
  // Another request created it meanwhile (its insert committed first): lock that one.
  const raced = await lockCart(ctx.db, trx, owner.id)
  if (!raced) throw PlatformError.application(409, 'CART_CONFLICT', 'The cart changed: try again')
  return { cart: raced, created: false }
}

/**
 * Runs `change` on the caller's cart in ONE transaction, the cart row locked first (PostgreSQL
 * `FOR UPDATE`; SQLite's transaction is already exclusive), so concurrent changes of one cart
 * apply one after another and lose nothing. With `create`, a caller without a cart gets one (a
 * race of two first adds ends with one cart); without, it is a 404. Afterwards catalog lines take
 * the catalog's price now, a coupon that no longer applies is dropped, `updatedDate` is stamped,
 * and `cart_created` / `cart_updated` is emitted in the same transaction. Returns the cart as the
 * wire shows it.
 */
export async function mutateCart(
  ctx: PlatformContext,
  owner: CartOwner,
  options: { create: boolean; catalog?: CatalogRows },
  change: CartChange,
): Promise<WireCart> {
  return transaction(ctx.db, async (trx) => {
    let cart: CartRow
    let created = false
    if (options.create) ({ cart, created } = await lockOrCreate(ctx, trx, owner))
    else cart = (await lockCart(ctx.db, trx, owner.id)) ?? throwNotFound()

    const rows: CartRows = { cart, lines: created ? [] : await linesOf(trx, cart.id) }
    const columns = (await change(trx, rows)) ?? {}
    cart = await updateCart(trx, cart.id, columns)
    let state = await loadState(trx, cart, owner, options.catalog, rows.linesAfter)
    await setPrices(trx, state.repriced)
    if (cart.coupon_code && !state.coupon)
      state = { ...state, cart: await updateCart(trx, cart.id, { coupon_code: null }) }

    const wire = wireCart(state, ctx.config.publicUrl)
    await emitCartEvent(trx, created ? 'created' : 'updated', wire, owner)
    return wire
  })
}

function throwNotFound(): never {
  throw cartNotFound()
}
