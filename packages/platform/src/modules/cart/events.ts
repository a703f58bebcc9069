import type { Tx } from '../../db/transaction.js'
import { domainEvent, emit, eventIdentity } from '../events/index.js'
import type { CartOwner } from './state.js'
import { deleteCart } from './store.js'
import type { WireCart } from './wire.js'

/** What happened to a cart. */
export type CartChange = 'created' | 'updated' | 'deleted'

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
    eventType: `wix.ecom.v1.cart_${change}`,
    payload: domainEvent('wix.ecom.v1.cart', change, cart.id, body),
    identity: eventIdentity(owner),
  })
}

/** Deletes `cart` (as the wire shows it) of `owner` and emits its `cart_deleted`, in `trx`. */
export async function removeCart(trx: Tx, cart: WireCart, owner: CartOwner): Promise<void> {
  await deleteCart(trx, cart.id)
  await emitCartEvent(trx, 'deleted', cart, owner)
}
