import { list, object, text, type FromSchema } from '../../http/schema.js'
import { EVENT_TYPE_LIST } from './event-types.js'

/** `POST /_vitrine/webhooks`: where to deliver, and which event types (all when left out). */
export const createWebhookBodySchema = object(
  {
    url: text(2048, 1),
    eventTypes: {
      ...list({ type: 'string', enum: EVENT_TYPE_LIST }, EVENT_TYPE_LIST.length, 1),
      uniqueItems: true,
    },
  },
  ['url'],
)

/** The body of `POST /_vitrine/webhooks`. */
export type CreateWebhookBody = FromSchema<typeof createWebhookBodySchema>

/** `{id}` of `/_vitrine/webhooks/{id}…`. */
export const webhookParamsSchema = object({ id: text(100, 1) }, ['id'])

/** The query of `GET /_vitrine/webhooks/{id}/deliveries`: newest first, offset paging. */
export const deliveriesQuerySchema = object({
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
})

/** Paging of the deliveries list. */
export type Paging = FromSchema<typeof deliveriesQuerySchema>

/** `GET /_vitrine/events/stream?types=a,b`: only these event types (all when left out). */
export const streamQuerySchema = object({ types: text(2000) })

/** A registered webhook, as the admin routes answer it. */
export interface Webhook {
  id: string
  url: string
  /** The event types delivered; absent: all of them. */
  eventTypes?: string[]
  createdDate: string
}

/** Where one event stands with one webhook. */
export interface WebhookDelivery {
  id: string
  eventId: string
  eventType: string
  /** `pending` (retrying), `delivered`, `failed` (gave up) or `cancelled` (webhook revoked). */
  status: string
  attempts: number
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptDate?: string
  /** Why the last attempt failed: an HTTP status or a network error, never the request. */
  lastError?: string
  deliveredDate?: string
  /** When the event happened. */
  eventDate: string
}

/** `GET /_vitrine/webhooks/{id}/deliveries`. */
export interface DeliveriesResponse {
  deliveries: WebhookDelivery[]
  metadata: { count: number; offset: number; total: number }
}
