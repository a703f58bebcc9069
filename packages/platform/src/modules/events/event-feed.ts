import type { Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import { startWorker, type Worker } from '../../worker.js'
import type { EventsTable } from './tables.js'

/** An event of the outbox, parsed. */
export type FeedEvent = ReturnType<typeof toFeedEvent>

/** How the feed polls. */
export interface FeedOptions {
  /** Pause between polls, in ms. Default 1000. */
  pollIntervalMs: number
  /**
   * How far back each poll looks again, in ms. Default 5 s. An event's `created_date` is taken
   * before its transaction commits, so an event may appear after a later one: it is still sent
   * if it commits within this window (and clocks of instances differ by less).
   */
  lookbackMs: number
}

/** The defaults of {@link FeedOptions}. */
export const DEFAULT_FEED_OPTIONS: FeedOptions = { pollIntervalMs: 1000, lookbackMs: 5000 }

/** The most events one poll reads. */
const PAGE = 1000

/** New events of the outbox, for every subscriber of this instance. */
export interface EventFeed {
  /** Calls `listener` with each event that appears from now on; returns the unsubscribe. */
  subscribe(listener: (event: FeedEvent) => void): () => void
  /** Stops polling for good. */
  close(): void
}

/** Parses a row of `events`. */
export function toFeedEvent(row: Selectable<EventsTable>) {
  return {
    id: row.id,
    eventType: row.event_type,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    identity: JSON.parse(row.identity) as Record<string, unknown>,
    createdDate: row.created_date,
  }
}

/**
 * Follows the `events` table of `db` by polling it (so it sees the events of every instance),
 * while anyone subscribes: one query per interval for all subscribers of this instance.
 * Delivered in `created_date` order, each event once.
 */
export function createEventFeed(db: Database, options: Partial<FeedOptions> = {}): EventFeed {
  const { pollIntervalMs, lookbackMs } = { ...DEFAULT_FEED_OPTIONS, ...options }
  const listeners = new Set<(event: FeedEvent) => void>()
  /** Events already read, by id → created_date, while they are inside the look-back window. */
  const seen = new Map<string, string>()
  let cursor = ''
  let closed = false
  let poller: Worker | undefined
  /** Reads the window; sends the unseen events created at or after `from`. */
  const read = async (from: string) => {
    const since = new Date(Date.parse(cursor) - lookbackMs).toISOString()
    const rows = await db.kysely
      .selectFrom('events')
      .selectAll()
      .where('created_date', '>', since)
      .orderBy('created_date')
      .orderBy('id')
      .limit(PAGE)
      .execute()
    for (const row of rows) {
      if (seen.has(row.id)) continue
      seen.set(row.id, row.created_date)
      if (row.created_date > cursor) cursor = row.created_date
      if (row.created_date < from) continue
      const event = toFeedEvent(row)
      for (const listener of listeners) listener(event)
    }
    for (const [id, date] of seen) if (date <= since) seen.delete(id)
  }

  /** Polls while anyone subscribes; a failed read (the database away) is read again next time. */
  const startPolling = () => {
    // Events created before the first subscriber came are not sent: only marked as seen.
    let from = (cursor = new Date().toISOString())
    seen.clear()
    const poll = async () => {
      await read(from)
      from = ''
      return false
    }
    poller = startWorker(poll, pollIntervalMs, 'event feed poll failed')
  }
  const stopPolling = () => {
    void poller?.stop()
    poller = undefined
  }

  return {
    subscribe(listener) {
      if (closed) return () => {}
      listeners.add(listener)
      if (!poller) startPolling()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) stopPolling()
      }
    },
    close() {
      closed = true
      listeners.clear()
      stopPolling()
    },
  }
}
