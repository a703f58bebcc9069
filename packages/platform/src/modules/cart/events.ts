import type { Tx } from '../../db/transaction.js'
import { domainEvent, emit, type EventIdentity } from '../events/emit.js'
import type { CartOwner } from './state.js'
import type { WireCart } from './wire.js'

/** What happened to a cart. */
export type CartChange = 'created' | 'updated' | 'deleted'

/** The envelope's `identity` of a cart owner (wire-contract §6.2). */
export function eventIdentity(owner: CartOwner): EventIdentity {
  switch (owner.type) {
    case 'ANONYMOUS_VISITOR':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: owner.id }
    case 'MEMBER':
      return { identityType: 'MEMBER', memberId: owner.id }
    case 'WIX_USER':
      return { identityType: 'WIX_USER', wixUserId: owner.id }
    case 'APP':
      return { identityType: 'APP', appId: owner.id }
  }
}

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
