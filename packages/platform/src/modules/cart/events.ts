import type { Tx } from '../../db/transaction.js'
import { EVENT_TYPES, domainEvent, emit, eventIdentity } from '../events/index.js'
import type { CartOwner } from './state.js'
import { deleteCart } from './store.js'
import type { WireCart } from './wire.js'

const CART_EVENT_TYPES = {
  created: EVENT_TYPES.cartCreated,
  updated: EVENT_TYPES.cartUpdated,
  deleted: EVENT_TYPES.cartDeleted,
}

/** What happened to a cart. */
export type CartChange = keyof typeof CART_EVENT_TYPES

/**
 * Emits `wix.ecom.v1.cart_<change>` (a domain event carrying the cart as the wire shows it) in the
 * write's transaction `trx`, so the event exists exactly when the change committed.
 */
export async function emitCartEvent(
  trx: Tx,
  change: CartChange,
  cart: WireCart,
  owner: CartOwner,
): Promise<void> {
  const body =
    change === 'created'
      ? { createdEvent: { entity: cart } }
      : change === 'updated'
        ? { updatedEvent: { currentEntity: cart } }
        : { deletedEvent: { deletedEntity: cart } }
  await emit(trx, {
    eventType: CART_EVENT_TYPES[change],
    payload: domainEvent('wix.ecom.v1.cart', change, cart.id, body),
    identity: eventIdentity(owner),
  })
}

/** Deletes `cart` (as the wire shows it) of `owner` and emits its `cart_deleted`, in `trx`. */
export async function removeCart(trx: Tx, cart: WireCart, owner: CartOwner): Promise<void> {
  await deleteCart(trx, cart.id)
  await emitCartEvent(trx, 'deleted', cart, owner)
}
