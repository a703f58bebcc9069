import type { Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import { removeCart } from './events.js'
import { addLines, insufficientStock, lineItemNotFound } from './lines.js'
import { cartNotFound, mutateCart } from './mutate.js'
import { priceCart, type PricingRequest } from './pricing.js'
import { additionsFor, resolveItems } from './resolve.js'
import type {
  AddToCartBody,
  EstimateTotalsBody,
  RemoveLineItemsBody,
  UpdateQuantityBody,
} from './schema.js'
import { lineCatalog, loadState, type CartOwner, type CartState, type Shopper } from './state.js'
import { deleteLines, findCart, lockCart, setQuantity, type CartRow } from './store.js'
import { wireEstimate, type WireEstimate } from './totals-wire.js'
import { wireCart, type WireCart } from './wire.js'

/** The caller's cart; 404 `OWNED_CART_NOT_FOUND` when it has none. */
export async function getCurrentCart(ctx: PlatformContext, owner: CartOwner): Promise<WireCart> {
  const cart = await findCart(ctx.db.kysely, owner.id)
  if (!cart) throw cartNotFound()
  return wireCart(await loadState(ctx.db.kysely, cart, owner), ctx.config.publicUrl)
}

/**
 * Adds catalog items (priced by the catalog; equal items merge into one line) and custom line
 * items (the route lets only elevated callers add them); the first add creates the cart.
 */
export async function addToCart(
  ctx: PlatformContext,
  { owner, elevated }: Shopper,
  body: AddToCartBody,
): Promise<WireCart> {
  const { items, rows } = await resolveItems(
    ctx.db.kysely,
    (body.lineItems ?? []).map((input, index) => ({ ...input, index })),
    { prefix: 'lineItems', elevated },
  )
  return mutateCart(ctx, owner, { create: true, catalog: rows }, async (trx, state) => {
    const { cart, lines } = state
    state.linesAfter = await addLines(
      trx,
      lines,
      additionsFor(cart.id, cart.currency, items, body.customLineItems),
    )
  })
}

/** Removes line items by id (ids not in the cart are ignored, so a repeated call is harmless). */
export function removeLineItems(
  ctx: PlatformContext,
  owner: CartOwner,
  body: RemoveLineItemsBody,
): Promise<WireCart> {
  return mutateCart(ctx, owner, { create: false }, async (trx, { cart }) => {
    await deleteLines(trx, cart.id, body.lineItemIds)
  })
}

/**
 * Sets line quantities; 0 removes the line. An unknown line id is a 404 `LINE_ITEM_NOT_FOUND`;
 * raising a tracked item above its stock a 400 `INSUFFICIENT_INVENTORY`.
 */
export function updateQuantities(
  ctx: PlatformContext,
  owner: CartOwner,
  body: UpdateQuantityBody,
): Promise<WireCart> {
  return mutateCart(ctx, owner, { create: false }, async (trx, { cart, lines }) => {
    const catalog = await lineCatalog(trx, lines)
    for (const [index, { id, quantity }] of body.lineItems.entries()) {
      const line = lines.find((candidate) => candidate.id === id)
      if (!line) throw lineItemNotFound(id)
      if (quantity === 0) {
        await deleteLines(trx, cart.id, [id])
        continue
      }
      const stock = catalog.get(id)?.stock ?? null
      if (stock !== null && quantity > stock && quantity > line.quantity)
        throw insufficientStock(`lineItems[${index}]`, stock, quantity)
      await setQuantity(trx, id, quantity)
    }
  })
}

/** Removes the cart's coupon (a cart without one stays as it is). */
export function removeCoupon(ctx: PlatformContext, owner: CartOwner): Promise<WireCart> {
  return mutateCart(ctx, owner, { create: false }, async () => ({ coupon_code: null }))
}

/** Deletes the caller's cart and emits `cart_deleted` with it; 404 when there is none. */
export async function deleteCurrentCart(ctx: PlatformContext, owner: CartOwner): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const cart = await lockCart(ctx.db, trx, owner.id)
    if (!cart) throw cartNotFound()
    await removeCart(trx, wireCart(await loadState(trx, cart, owner), ctx.config.publicUrl), owner)
  })
}

/** Subtotal, shipping options, tax, discounts and total of the caller's cart (writes nothing). */
export async function estimateTotals(
  ctx: PlatformContext,
  owner: CartOwner,
  body: EstimateTotalsBody,
): Promise<WireEstimate> {
  const db = ctx.db.kysely
  const cart = await findCart(db, owner.id)
  if (!cart) throw cartNotFound()
  return (await estimateCart(db, cart, owner, body, ctx.config.publicUrl)).estimate
}

/**
 * `cart` of `owner` as it is now (its state) and its totals for `request` (address, shipping
 * option), read through `db`: a transaction or the database. Writes nothing. Pictures are on
 * `publicUrl`.
 */
export async function estimateCart(
  db: Kysely<Schema>,
  cart: CartRow,
  owner: CartOwner,
  request: PricingRequest,
  publicUrl: string,
): Promise<{ state: CartState; estimate: WireEstimate }> {
  const state = await loadState(db, cart, owner)
  return { state, estimate: wireEstimate(state, await priceCart(db, state, request), publicUrl) }
}
