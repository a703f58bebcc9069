import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { parseJson } from '../../db/json.js'
import { forUpdate, transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { availabilityOf } from './availability.js'
import { cartNotFound } from './mutate.js'
import { priceCart } from './pricing.js'
import type { Address, CreateCheckoutBody } from './schema.js'
import { loadState, type CartOwner, type CartState } from './state.js'
import { lockCart } from './store.js'
import { wireEstimate, type WireEstimate } from './totals-wire.js'

/**
 * What `checkouts.data` holds: the cart frozen when the checkout was made, for the hosted
 * checkout page — line items (wire shape), addresses, e-mail, channel, the selected shipping
 * option, and the totals computed for them.
 */
export interface CheckoutSnapshot {
  cartId: string
  channelType: string
  currency: string
  email: string | null
  buyerInfo: Record<string, string>
  buyerNote: string | null
  lineItems: WireEstimate['cart']['lineItems']
  calculatedLineItems: unknown[]
  shippingAddress: Address | null
  billingAddress: Address | null
  selectedShippingOption: WireEstimate['shippingInfo']['selectedCarrierServiceOption'] | null
  priceSummary: WireEstimate['priceSummary']
  appliedDiscounts: WireEstimate['appliedDiscounts']
  taxSummary: WireEstimate['taxSummary']
  calculationErrors: Record<string, unknown> | null
  weightUnit: 'KG'
}

function unavailable(state: CartState): string[] {
  return state.lines
    .filter((line) => line.kind === 'catalog')
    .filter((line) => {
      const { status } = availabilityOf(state.catalog.get(line.id), line.quantity)
      return status === 'NOT_FOUND' || status === 'NOT_AVAILABLE'
    })
    .map((line) => line.id)
}

function snapshot(state: CartState, estimate: WireEstimate, body: CreateCheckoutBody) {
  const contact = parseJson<{ contactDetails?: { email?: string } }>(state.cart.contact_info, {})
  const data: CheckoutSnapshot = {
    cartId: state.cart.id,
    channelType: body.channelType ?? 'WEB',
    currency: estimate.currency,
    email: body.email ?? contact.contactDetails?.email ?? state.owner.email ?? null,
    buyerInfo: estimate.cart.buyerInfo,
    buyerNote: state.cart.buyer_note,
    lineItems: estimate.cart.lineItems,
    calculatedLineItems: estimate.calculatedLineItems,
    shippingAddress: null,
    billingAddress: body.billingAddress ?? null,
    selectedShippingOption: estimate.shippingInfo.selectedCarrierServiceOption ?? null,
    priceSummary: estimate.priceSummary,
    appliedDiscounts: estimate.appliedDiscounts,
    taxSummary: estimate.taxSummary,
    calculationErrors: estimate.calculationErrors ?? null,
    weightUnit: 'KG',
  }
  return data
}

/**
 * Creates a checkout from the caller's cart: the cart must have line items (400 `EMPTY_CART`),
 * none of them sold out or gone (400 `LINE_ITEMS_NOT_AVAILABLE`). Stores a `checkouts` row with
 * the {@link CheckoutSnapshot} (totals for the given or stored shipping address and the selected
 * shipping option) and returns its id. The cart itself is left as it is.
 */
export async function createCheckout(
  ctx: PlatformContext,
  owner: CartOwner,
  body: CreateCheckoutBody,
): Promise<{ checkoutId: string }> {
  return transaction(ctx.db, async (trx) => {
    const cart = await lockCart(trx, owner.id)
    if (!cart) throw cartNotFound()
    const state = await loadState(trx, cart, owner)
    if (state.lines.length === 0)
      throw PlatformError.application(400, 'EMPTY_CART', 'A checkout needs a cart with line items')
    const gone = unavailable(state)
    if (gone.length)
      throw PlatformError.application(
        400,
        'LINE_ITEMS_NOT_AVAILABLE',
        'Some line items are no longer available: remove them first',
        { lineItemIds: gone },
      )
    const pricing = await priceCart(trx, state, body)
    const data = {
      ...snapshot(state, wireEstimate(state, pricing, ctx.config.publicUrl), body),
      shippingAddress: pricing.shippingAddress ?? null,
    }
    const now = new Date().toISOString()
    const id = randomUUID()
    await trx
      .insertInto('checkouts')
      .values({
        id,
        cart_id: cart.id,
        owner_identity_id: owner.id,
        status: 'CREATED',
        data: JSON.stringify(data),
        created_date: now,
        updated_date: now,
      })
      .execute()
    return { checkoutId: id }
  })
}

/**
 * Whether checkout `id` was completed (an order placed from it), its row locked in `trx` first:
 * two buyers placing the same checkout wait for each other here.
 */
export async function lockCheckoutCompleted(
  ctx: PlatformContext,
  trx: Tx,
  id: string,
): Promise<boolean> {
  const row = await forUpdate(
    ctx.db,
    trx.selectFrom('checkouts').select('status').where('id', '=', id),
  ).executeTakeFirst()
  return row?.status === 'COMPLETED'
}

/** Marks checkout `id` completed: an order was placed from it in `trx`. */
export async function completeCheckout(trx: Tx, id: string): Promise<void> {
  await trx
    .updateTable('checkouts')
    .set({ status: 'COMPLETED', updated_date: new Date().toISOString() })
    .where('id', '=', id)
    .execute()
}

/** A checkout as a hosted page reads it: whose it is, what it was made of, and the page's form. */
export interface StoredCheckout {
  id: string
  ownerId: string
  snapshot: CheckoutSnapshot
  /** What the buyer entered on the checkout page so far (the page's own shape), if anything. */
  pageForm?: unknown
}

/** Checkout `id` of `ownerId` (and nobody else's), if there is one. */
export async function findCheckout(
  db: Kysely<Schema>,
  id: string,
  ownerId: string,
): Promise<StoredCheckout | undefined> {
  const row = await db
    .selectFrom('checkouts')
    .select(['id', 'owner_identity_id', 'data'])
    .where('id', '=', id)
    .where('owner_identity_id', '=', ownerId)
    .executeTakeFirst()
  if (!row) return undefined
  const { pageForm, ...snapshot } = JSON.parse(row.data) as CheckoutSnapshot & {
    pageForm?: unknown
  }
  return {
    id: row.id,
    ownerId: row.owner_identity_id,
    snapshot,
    ...(pageForm !== undefined && { pageForm }),
  }
}

/**
 * Keeps `pageForm` (what the buyer entered on the checkout page) with checkout `checkout`, while
 * no order was placed from it.
 */
export async function keepCheckoutForm(
  db: Kysely<Schema>,
  checkout: StoredCheckout,
  pageForm: unknown,
): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({
      data: JSON.stringify({ ...checkout.snapshot, pageForm }),
      updated_date: new Date().toISOString(),
    })
    .where('id', '=', checkout.id)
    .where('status', '=', 'CREATED')
    .execute()
}
