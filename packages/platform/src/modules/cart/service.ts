import type { Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import { parseJson } from '../../db/json.js'
import type { Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { sum } from '../../money.js'
import { couponProblem, findCoupon } from './discounts.js'
import { removeCart } from './events.js'
import { addLines, insufficientStock, lineItemNotFound } from './lines.js'
import { cartNotFound, mutateCart, type CartRows } from './mutate.js'
import { priceCart, type PricingRequest } from './pricing.js'
import { additionsFor, resolveItems } from './resolve.js'
import type {
  AddToCartBody,
  EstimateTotalsBody,
  RemoveLineItemsBody,
  UpdateCartBody,
  UpdateQuantityBody,
} from './schema.js'
import {
  lineCatalog,
  lineTotalMinor,
  loadState,
  type CartOwner,
  type CartState,
  type Shopper,
} from './state.js'
import { deleteLines, findCart, linesOf, lockCart, setQuantity, type CartRow } from './store.js'
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
  return mutateCart(ctx, owner, { create: true }, async (trx, state) => {
    const { cart, lines } = state
    const { items, rows } = await resolveItems(trx, body.lineItems, elevated)
    state.catalog = rows
    state.linesAfter = await addLines(trx, lines, additionsFor(cart, items, body.customLineItems))
  })
}

/** The `cartInfo` fields `cartFieldmask` may name. */
const MASKABLE = ['buyerNote', 'contactInfo', 'contactInfo.address', 'contactInfo.contactDetails']

/** `cartFieldmask` as a list of `cartInfo` paths (`cartInfo.` prefixes dropped); null if absent. */
export function parseFieldMask(mask: string | undefined): string[] | null {
  if (mask === undefined) return null
  const paths = mask
    .split(',')
    .map((path) => path.trim().replace(/^cartInfo\./, ''))
    .filter(Boolean)
  const unknown = paths.find((path) => !MASKABLE.includes(path))
  if (unknown)
    throw PlatformError.invalid(
      'cartFieldmask',
      `cannot update "${unknown}": one of ${MASKABLE.join(', ')}`,
      'INVALID_ENUM_VALUE',
    )
  return paths
}

type Columns = Partial<CartRow>
type ContactInfo = Record<string, unknown>

/** The cart columns `cartInfo` changes: every field it carries, or only those of the mask. */
function infoColumns(state: CartRows, body: UpdateCartBody, mask: string[] | null): Columns {
  const info = body.cartInfo
  if (!info) return {}
  const has = (field: string) => (mask ? mask.includes(field) : field in info)
  const columns: Columns = {}
  if (has('buyerNote')) columns.buyer_note = info.buyerNote || null
  let contact = parseJson<ContactInfo | null>(state.cart.contact_info, null)
  if (has('contactInfo')) contact = info.contactInfo ?? null
  else
    for (const part of ['address', 'contactDetails'] as const) {
      if (!mask?.includes(`contactInfo.${part}`)) continue
      const value = info.contactInfo?.[part]
      contact = { ...contact }
      if (value === undefined) delete contact[part]
      else contact[part] = value
    }
  const changed = has('contactInfo') || mask?.some((path) => path.startsWith('contactInfo.'))
  if (changed)
    columns.contact_info = contact && Object.keys(contact).length ? JSON.stringify(contact) : null
  return columns
}

/**
 * `PATCH /ecom/v1/carts/current`: `cartInfo` (`buyerNote`, `contactInfo`; only the fields of
 * `cartFieldmask` when it is given), `lineItems` (with an `id`: a new quantity, 0 removes; with a
 * `catalogReference`: added like add-to-cart), `customLineItems` (added; elevated callers only), `couponCode` (checked
 * against the cart after its item changes) and `merchantDiscounts` (the route lets only elevated
 * callers set them). Creates the cart when the caller has none.
 */
export async function updateCurrentCart(
  ctx: PlatformContext,
  { owner, elevated }: Shopper,
  body: UpdateCartBody,
): Promise<WireCart> {
  const mask = parseFieldMask(body.cartFieldmask)
  return mutateCart(ctx, owner, { create: true }, async (trx, state) => {
    const { cart } = state
    const { items, rows } = await resolveItems(trx, body.lineItems, elevated)
    state.catalog = rows
    const columns = infoColumns(state, body, mask)
    await setQuantities(trx, state, body.lineItems)
    const current = await linesOf(trx, cart.id)
    const lines = await addLines(trx, current, additionsFor(cart, items, body.customLineItems))
    state.linesAfter = lines
    if (body.couponCode !== undefined) {
      const coupon = await findCoupon(trx, body.couponCode)
      const subtotal = sum(lines.map((line) => lineTotalMinor(line, cart.currency)))
      const problem = couponProblem(coupon, body.couponCode, subtotal, cart.currency)
      if (problem) throw problem
      columns.coupon_code = coupon!.code
    }
    if (body.merchantDiscounts) {
      body.merchantDiscounts.forEach((discount, index) =>
        discount.lineItemIds?.forEach((id, at) => {
          if (!lines.some((line) => line.id === id))
            throw PlatformError.invalid(
              `merchantDiscounts[${index}].lineItemIds[${at}]`,
              `is not a line item of the cart`,
            )
        }),
      )
      columns.merchant_discounts = body.merchantDiscounts.length
        ? JSON.stringify(body.merchantDiscounts)
        : null
    }
    return columns
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
  return mutateCart(ctx, owner, { create: false }, async (trx, state) => {
    await setQuantities(trx, state, body.lineItems)
  })
}

/**
 * Sets the quantity of each line `lineItems[i]` names by `id` (not those with a
 * `catalogReference`, which add items); 0 removes the line. An unknown id is a 404
 * `LINE_ITEM_NOT_FOUND`; raising a tracked item above its stock a 400 `INSUFFICIENT_INVENTORY`.
 */
async function setQuantities(
  trx: Tx,
  { cart, lines }: CartRows,
  lineItems: readonly { id?: string; quantity?: number; catalogReference?: unknown }[] = [],
) {
  const updates = lineItems.flatMap(({ id, quantity, catalogReference }, index) =>
    id && !catalogReference ? [{ id, quantity, index }] : [],
  )
  if (updates.length === 0) return
  const catalog = await lineCatalog(trx, lines)
  for (const { id, quantity, index } of updates) {
    const line = lines.find((candidate) => candidate.id === id)
    if (!line) throw lineItemNotFound(id)
    if (quantity === undefined) continue
    if (quantity === 0) await deleteLines(trx, cart.id, [id])
    else {
      const stock = catalog.get(id)?.stock ?? null
      if (stock !== null && quantity > stock && quantity > line.quantity)
        throw insufficientStock(`lineItems[${index}]`, stock, quantity)
      await setQuantity(trx, id, quantity)
    }
  }
}

/** Removes the cart's coupon (a cart without one stays as it is). */
export function removeCoupon(ctx: PlatformContext, owner: CartOwner): Promise<WireCart> {
  return mutateCart(ctx, owner, { create: false }, async () => ({ coupon_code: null }))
}

/** Deletes the caller's cart and emits `cart_deleted` with it; 404 when there is none. */
export async function deleteCurrentCart(ctx: PlatformContext, owner: CartOwner): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const cart = await lockCart(trx, owner.id)
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
