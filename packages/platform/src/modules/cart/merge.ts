import { randomUUID } from 'node:crypto'
import { findIdentity } from '../../auth/identities.js'
import type { PlatformContext } from '../../context.js'
import type { Tx } from '../../db/transaction.js'
import { emitCartEvent, removeCart } from './events.js'
import { addLines, MAX_LINES, MAX_QUANTITY, type Addition } from './lines.js'
import { lockOrCreate } from './mutate.js'
import { loadState } from './state.js'
import { linesOf, lockCart, setPrices, updateCart, type LineRow } from './store.js'
import { wireCart } from './wire.js'

/**
 * The visitor's lines as additions to a cart holding `held`: copies (new ids) that
 * {@link addLines} merges into equal lines or appends. They are clamped so that adding them cannot
 * fail: at most {@link MAX_QUANTITY} units per line, {@link MAX_LINES} lines, and no stock check
 * (a sign-in must never fail because of the cart; the cart shows the availability as usual).
 */
function additionsFrom(visitorLines: readonly LineRow[], held: readonly LineRow[], cartId: string) {
  const quantities = new Map(held.map((line) => [line.merge_key, line.quantity]))
  const additions: Addition[] = []
  for (const [index, line] of visitorLines.entries()) {
    const existing = quantities.get(line.merge_key)
    if (existing === undefined && quantities.size >= MAX_LINES) continue
    const quantity = Math.min(line.quantity, MAX_QUANTITY - (existing ?? 0))
    if (quantity <= 0) continue
    quantities.set(line.merge_key, (existing ?? 0) + quantity)
    additions.push({
      row: { ...line, id: randomUUID(), cart_id: cartId, quantity },
      stock: null,
      field: `lineItems[${index}]`,
    })
  }
  return additions
}

/**
 * Moves the cart of visitor `visitorId` into the cart of member `memberId` when the visitor signs
 * in, inside the sign-in's transaction `trx`: equal items (same catalog reference and options)
 * add up their quantities, other lines are appended (priced by the catalog now), the member's
 * cart is created if absent, and the visitor's coupon is kept when the member's cart has none
 * (and it applies). The visitor's cart is then deleted. Emits `cart_created` or `cart_updated`
 * for the member's cart and `cart_deleted` for the visitor's. Nothing happens unless `visitorId`
 * is an anonymous visitor with a cart; an empty visitor cart is only deleted.
 */
export async function mergeVisitorCart(
  ctx: PlatformContext,
  trx: Tx,
  { visitorId, memberId }: { visitorId: string; memberId: string },
): Promise<void> {
  if (visitorId === memberId) return
  const visitor = await findIdentity(trx, visitorId)
  const member = await findIdentity(trx, memberId)
  if (visitor?.type !== 'ANONYMOUS_VISITOR' || !member) return
  const visitorCart = await lockCart(ctx.db, trx, visitorId)
  if (!visitorCart) return
  const visitorLines = await linesOf(trx, visitorCart.id)
  const visitorState = await loadState(trx, visitorCart, visitor, undefined, visitorLines)

  if (visitorLines.length > 0) {
    const { cart, created } = await lockOrCreate(ctx, trx, member)
    const held = created ? [] : await linesOf(trx, cart.id)
    const lines = await addLines(trx, held, additionsFrom(visitorLines, held, cart.id))
    const coupon =
      !cart.coupon_code && visitorCart.coupon_code ? { coupon_code: visitorCart.coupon_code } : {}
    const merged = await updateCart(trx, cart.id, coupon)
    let state = await loadState(trx, merged, member, undefined, lines)
    await setPrices(trx, state.repriced)
    if (merged.coupon_code && !state.coupon)
      state = { ...state, cart: await updateCart(trx, cart.id, { coupon_code: null }) }
    await emitCartEvent(
      trx,
      created ? 'created' : 'updated',
      wireCart(state, ctx.config.publicUrl),
      member,
    )
  }

  await removeCart(trx, wireCart(visitorState, ctx.config.publicUrl), visitor)
}
