import { randomUUID } from 'node:crypto'
import type { Tx } from '../../db/transaction.js'

/** Who caused an event, as the envelope's `identity` carries it (wire-contract §6.2). */
export interface EventIdentity {
  identityType: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP' | 'UNKNOWN'
  anonymousVisitorId?: string
  memberId?: string
  wixUserId?: string
  appId?: string
}

/** An event to emit: its type string and the payload the envelope's `data` will carry. */
export interface PlatformEvent {
  eventType: string
  payload: Record<string, unknown>
  identity?: EventIdentity
}

/** The body of a domain event (cart events): exactly one of these. */
export type DomainEventBody =
  | { createdEvent: { entity: unknown } }
  | { updatedEvent: { currentEntity: unknown; modifiedFields?: Record<string, unknown> } }
  | { deletedEvent: { deletedEntity?: unknown } }

/**
 * A DomainEvent payload (wire-contract §6.1): `{id, entityFqdn, slug, entityId, eventTime, …body}`.
 *
 * @example
 * await emit(trx, {
 *   eventType: 'wix.ecom.v1.cart_created',
 *   payload: domainEvent('wix.ecom.v1.cart', 'created', cart.id, { createdEvent: { entity: cart } }),
 * })
 */
export function domainEvent(
  entityFqdn: string,
  slug: 'created' | 'updated' | 'deleted',
  entityId: string,
  body: DomainEventBody,
): Record<string, unknown> {
  return {
    id: randomUUID(),
    entityFqdn,
    slug,
    entityId,
    eventTime: new Date().toISOString(),
    triggeredByAnonymizeRequest: false,
    ...body,
  }
}

let lastStamp = 0

/**
 * Now, as an ISO instant later than any this process gave before: events emitted in one
 * millisecond (a product and its variants) keep their order in the outbox.
 */
function eventTime(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return new Date(lastStamp).toISOString()
}

/**
 * Records `event` in the outbox inside the caller's transaction, with one pending delivery per
 * webhook that wants its type. Call it from the same `transaction(db, trx => …)` as the write the
 * event reports: the event then exists if and only if the write committed.
 */
export async function emit(trx: Tx, event: PlatformEvent): Promise<void> {
  const now = eventTime()
  const id = randomUUID()
  await trx
    .insertInto('events')
    .values({
      id,
      event_type: event.eventType,
      payload: JSON.stringify(event.payload),
      identity: JSON.stringify(event.identity ?? { identityType: 'UNKNOWN' }),
      created_date: now,
    })
    .execute()
  const hooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'event_types'])
    .where('revoked_at', 'is', null)
    .execute()
  const wanted = hooks.filter(
    (hook) =>
      !hook.event_types || (JSON.parse(hook.event_types) as string[]).includes(event.eventType),
  )
  if (wanted.length === 0) return
  await trx
    .insertInto('webhook_deliveries')
    .values(
      wanted.map((hook) => ({
        id: randomUUID(),
        webhook_id: hook.id,
        event_id: id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        delivered_at: null,
      })),
    )
    .execute()
}
