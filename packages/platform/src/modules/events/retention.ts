import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'

/**
 * Deletes at most `limit` events created before `before`, with their webhook deliveries
 * (delivered, failed or cancelled), oldest first; returns how many it found (a read first: nothing
 * to sweep costs no write). An event that still
 * has a delivery being retried is kept, with that delivery, until it is delivered or fails. A
 * live stream only needs the last seconds of events, and a stream reconnecting with a
 * `Last-Event-ID` older than `before` gets nothing replayed (as with an unknown id).
 */
export async function sweepEvents(
  db: Kysely<Schema>,
  before: string,
  limit: number,
): Promise<number> {
  const old = await db
    .selectFrom('events')
    .select('id')
    .where('created_date', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries')
            .select('id')
            .whereRef('webhook_deliveries.event_id', '=', 'events.id')
            .where('status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('created_date')
    .limit(limit)
    .execute()
  const ids = old.map((row) => row.id)
  // The deliveries go with their event (foreign key, on delete cascade).
  if (ids.length) await db.deleteFrom('events').where('id', 'in', ids).execute()
  return ids.length
}
