import { randomUUID } from 'node:crypto'
import { PostgresAdapter, sql } from 'kysely'
import type { Identity } from '../../db/schema.js'
import type { Tx } from '../../db/transaction.js'

/** Who caused an event, as the envelope's `identity` carries it (wire-contract §6.2). */
export interface EventIdentity {
  identityType: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP' | 'UNKNOWN'
  anonymousVisitorId?: string
  memberId?: string
  wixUserId?: string
  appId?: string
}

/** The envelope's `identity` of whoever caused an event: a caller, a cart's owner, … */
export function eventIdentity({ type, id }: Pick<Identity, 'type' | 'id'>): EventIdentity {
  switch (type) {
    case 'ANONYMOUS_VISITOR':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: id }
    case 'MEMBER':
      return { identityType: 'MEMBER', memberId: id }
    case 'WIX_USER':
      return { identityType: 'WIX_USER', wixUserId: id }
    case 'APP':
      return { identityType: 'APP', appId: id }
  }
}

/** An event to emit: its type string and the payload the envelope's `data` will carry. */
export interface PlatformEvent {
  eventType: string
  payload: Record<string, unknown>
  identity?: EventIdentity
}

/**
 * The body of a domain event: exactly one of these. Created, updated and deleted events carry
 * the entity; an action event (`order_approved`, `order_canceled`, …) carries its own body.
 */
export type DomainEventBody =
  | { createdEvent: { entity: unknown } }
  | { updatedEvent: { currentEntity: unknown; modifiedFields?: Record<string, unknown> } }
  | { deletedEvent: { deletedEntity?: unknown } }
  | { actionEvent: { body: Record<string, unknown> } }

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
  /** `created`, `updated`, `deleted`, or an action's name (`approved`, `canceled`, …). */
  slug: string,
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

/** A random UUID v4 (lower-case text) computed by the database, one per row. */
const SQLITE_UUID = sql<string>`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`
const POSTGRES_UUID = sql<string>`gen_random_uuid()::text`

/**
 * One pending delivery of event `eventId` per live webhook that wants `quotedType` (the event type
 * as a JSON string, quotes included): `event_types` is null (every type) or a JSON list of type
 * strings, written by JSON.stringify, so it holds `"<type>"` exactly when the list names the type
 * (an exact, case-sensitive substring test: `instr` / `strpos`, no LIKE wildcards).
 */
function insertDeliveries(trx: Tx, eventId: string, now: string, quotedType: string) {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter
  const contains = postgres
    ? sql`strpos(event_types, ${quotedType}) > 0`
    : sql`instr(event_types, ${quotedType}) > 0`
  return sql`
    insert into webhook_deliveries
      (id, webhook_id, event_id, status, attempts, next_attempt_at, last_error, delivered_at)
    select ${postgres ? POSTGRES_UUID : SQLITE_UUID}, id, ${eventId}, 'pending', 0, ${now}, null, null
    from webhooks
    where revoked_at is null and (event_types is null or ${contains})`.execute(trx)
}

/**
 * Records `event` in the outbox inside the caller's transaction, with one pending delivery per
 * webhook that wants its type (two statements, whatever the number of webhooks). Call it from the
 * same `transaction(db, trx => …)` as the write the event reports: the event then exists if and
 * only if the write committed.
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
  await insertDeliveries(trx, id, now, JSON.stringify(event.eventType))
}
