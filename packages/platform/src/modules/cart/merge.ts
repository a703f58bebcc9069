import { randomUUID } from 'node:crypto'
import { findIdentity } from '../../auth/identities.js'
import type { PlatformContext } from '../../context.js'
import type { Tx } from '../../db/transaction.js'
import { removeCart } from './events.js'
import { addLines, MAX_LINES, MAX_QUANTITY, type Addition } from './lines.js'
import { lockOrCreate, saveCart } from './mutate.js'
import { loadState } from './state.js'
import { linesOf, lockCart, type LineRow } from './store.js'
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
      mergeKey: line.merge_key,
      quantity,
      line: () => ({ ...line, id: randomUUID(), cart_id: cartId, quantity }),
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
  const visitorCart = await lockCart(trx, visitorId)
  if (!visitorCart) return
  const visitorLines = await linesOf(trx, visitorCart.id)
  const visitorState = await loadState(trx, visitorCart, visitor, undefined, visitorLines)

  if (visitorLines.length > 0) {
    const { cart, created } = await lockOrCreate(trx, member)
    const lines = created ? [] : await linesOf(trx, cart.id)
    const linesAfter = await addLines(trx, lines, additionsFrom(visitorLines, lines, cart.id))
    const columns =
      !cart.coupon_code && visitorCart.coupon_code ? { coupon_code: visitorCart.coupon_code } : {}
    await saveCart(ctx, trx, member, { cart, lines, linesAfter, created, columns })
  }

  await removeCart(trx, wireCart(visitorState, ctx.config.publicUrl), visitor)
}
