/*
 * Events (a transactional outbox) and webhook delivery. A module emits an event inside the
 * transaction of its write (modules/events/emit.ts), so an event exists exactly when its write
 * committed; deliveries are rows too, so any platform instance can deliver them and a restart
 * loses none. Migration: db/migrations/0004-events.ts.
 */

/** An emitted event, as the `data` claim of the signed JWT will carry it. */
export interface EventsTable {
  id: string
  /** e.g. `wix.ecom.v1.cart_created`, `com.wix.ecommerce.catalog.api.v1.ProductChanged`. */
  event_type: string
  /** JSON of the event payload (a DomainEvent for cart events, the event data for catalog ones). */
  payload: string
  /** JSON `{identityType, anonymousVisitorId?, memberId?, wixUserId?, appId?}`. */
  identity: string
  created_date: string
}

/** A webhook URL registered through the admin route. */
export interface WebhooksTable {
  id: string
  url: string
  /** JSON list of event types, or null for all. */
  event_types: string | null
  created_date: string
  revoked_at: string | null
}

/** One event to one webhook. `status` `pending` | `delivered` | `failed`. */
export interface WebhookDeliveriesTable {
  id: string
  webhook_id: string
  event_id: string
  status: string
  attempts: number
  next_attempt_at: string
  last_error: string | null
  delivered_at: string | null
}

/** The events part of the database schema. */
export interface EventTables {
  events: EventsTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
}
