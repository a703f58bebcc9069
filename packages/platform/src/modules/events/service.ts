import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { safeHttpUrl } from '../../http/html.js'
import { PlatformError } from '../../http/platform-error.js'
import type {
  CreateWebhookBody,
  DeliveriesResponse,
  Paging,
  Webhook,
  WebhookDelivery,
} from './schema.js'
import type { WebhooksTable } from './tables.js'

const toWebhook = (row: Selectable<WebhooksTable>): Webhook => ({
  id: row.id,
  url: row.url,
  ...(row.event_types && { eventTypes: JSON.parse(row.event_types) as string[] }),
  createdDate: row.created_date,
})

/** The URL as it will be called; a 400 on `url` unless it is an absolute http(s) URL. */
function webhookUrl(value: string): string {
  const url = safeHttpUrl(value)
  if (!url) throw PlatformError.invalid('url', 'must be an absolute http or https URL', 'FORMAT')
  return url
}

/** Registers a webhook: every later event of `eventTypes` (or of every type) is sent to `url`. */
export async function createWebhook(db: Database, body: CreateWebhookBody): Promise<Webhook> {
  const row = {
    id: randomUUID(),
    url: webhookUrl(body.url),
    event_types: body.eventTypes ? JSON.stringify(body.eventTypes) : null,
    created_date: new Date().toISOString(),
    revoked_at: null,
  }
  await db.kysely.insertInto('webhooks').values(row).execute()
  return toWebhook(row)
}

/** The webhooks in force (not revoked), oldest first. */
export async function listWebhooks(db: Database): Promise<Webhook[]> {
  const rows = await db.kysely
    .selectFrom('webhooks')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('created_date')
    .orderBy('id')
    .execute()
  return rows.map(toWebhook)
}

const notFound = (id: string) => PlatformError.notFound(`Webhook "${id}" not found`)

/**
 * Revokes a webhook: it gets no new event, and its pending deliveries are cancelled. Unknown or
 * already revoked: 404.
 */
export async function revokeWebhook(db: Database, id: string): Promise<void> {
  const now = new Date().toISOString()
  await transaction(db, async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('webhooks')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (!numUpdatedRows) throw notFound(id)
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', last_error: 'webhook revoked' })
      .where('webhook_id', '=', id)
      .where('status', '=', 'pending')
      .execute()
  })
}

/** The deliveries of a webhook (revoked ones too), newest event first. Unknown webhook: 404. */
export async function listDeliveries(
  db: Database,
  id: string,
  { limit, offset }: Paging,
): Promise<DeliveriesResponse> {
  const hook = await db.kysely
    .selectFrom('webhooks')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  if (!hook) throw notFound(id)
  const [rows, count] = await Promise.all([
    db.kysely
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.event_type', 'e.created_date'])
      .where('d.webhook_id', '=', id)
      .orderBy('e.created_date', 'desc')
      .orderBy('d.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.kysely
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('webhook_id', '=', id)
      .executeTakeFirstOrThrow(),
  ])
  const deliveries = rows.map((row): WebhookDelivery => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    ...(row.status === 'pending' && { nextAttemptDate: row.next_attempt_at }),
    ...(row.last_error && { lastError: row.last_error }),
    ...(row.delivered_at && { deliveredDate: row.delivered_at }),
    eventDate: row.created_date,
  }))
  return { deliveries, metadata: { count: deliveries.length, offset, total: Number(count.total) } }
}
