import { randomUUID } from 'node:crypto'
import type { PlatformContext } from '../../context.js'
import { parseJson } from '../../db/json.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { availabilityOf } from './catalog-lookup.js'
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
    const cart = await lockCart(ctx.db, trx, owner.id)
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
