import type { CallerIdentity } from '../../auth/caller.js'
import type { FeedEvent } from './event-feed.js'
import { EVENT_TYPES } from './event-types.js'

/** One event as the stream sends it (the `data:` of an SSE message). */
export interface StreamMessage {
  id: string
  eventType: string
  createdDate: string
  payload: Record<string, unknown>
  /** Who caused it: only to the site's owner and apps, or to that visitor or member. */
  identity?: Record<string, unknown>
}

const CART_EVENTS = new Set<string>([
  EVENT_TYPES.cartCreated,
  EVENT_TYPES.cartUpdated,
  EVENT_TYPES.cartDeleted,
])

const record = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/** The visitor and member an event concerns: who caused it, and the buyer of its cart. */
function concerned(event: FeedEvent): unknown[] {
  const { payload, identity } = event
  const cart =
    record(payload.createdEvent).entity ??
    record(payload.updatedEvent).currentEntity ??
    record(payload.deletedEvent).deletedEntity
  const buyer = record(record(cart).buyerInfo)
  return [identity.anonymousVisitorId, identity.memberId, buyer.visitorId, buyer.memberId]
}

/**
 * What `caller` may see of each event, as a function that answers `undefined` for an event it
 * may not see. The owner (admin key) and apps see everything; a visitor or member only the cart
 * events that concern them (never the catalog's: they may name hidden products and collections;
 * never the orders': orders are read by elevated callers only).
 */
export function streamView(
  caller: CallerIdentity,
  elevated: boolean,
): (event: FeedEvent) => StreamMessage | undefined {
  return (event) => {
    const { id, eventType, createdDate, payload, identity } = event
    // Orders are for elevated callers only, and catalog events may name hidden items: a shopper
    // gets cart events only, even those caused by them (placing an order emits both).
    if (elevated || (CART_EVENTS.has(eventType) && concerned(event).includes(caller.id)))
      return { id, eventType, createdDate, payload, identity }
    return undefined
  }
}
