import { SECRET_TABLES, sweepExpired } from './auth/secrets.js'
import type { PlatformConfig } from './config.js'
import type { Database } from './db/database.js'
import { sweepEvents } from './modules/events/index.js'
import { startWorker, type Worker, type WorkerLog } from './worker.js'

/** The most rows one statement of the sweep deletes: a short write, whatever the backlog. */
export const SWEEP_BATCH = 500
/**
 * How long an expired secret or redirect session is kept: a day, during which an authorization
 * code presented again is still seen as reused (and revokes its tokens), and an access token still
 * answers "expired".
 */
const EXPIRED_KEPT_MS = 24 * 3600 * 1000
/** The pause between two sweeps once nothing more is due. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

/**
 * One round of the retention sweep: a batch of the events older than `eventRetentionDays`
 * (`sweepEvents`: their deliveries go with them, never one still being retried), and one of each
 * table of secrets and of the redirect sessions expired for more than a day. Returns whether a
 * batch was full (more is due).
 */
export async function sweepOnce(
  db: Database,
  config: Pick<PlatformConfig, 'eventRetentionDays'>,
  limit = SWEEP_BATCH,
): Promise<boolean> {
  const eventsBefore = ago(config.eventRetentionDays * 24 * 3600 * 1000)
  const counts = [await sweepEvents(db.kysely, eventsBefore, limit)]
  const expiredBefore = ago(EXPIRED_KEPT_MS)
  for (const table of [...SECRET_TABLES, 'redirect_sessions'] as const)
    counts.push(await sweepExpired(db.kysely, table, expiredBefore, limit))
  return counts.some((count) => count >= limit)
}

/**
 * Starts the retention sweep of `db` in the background ({@link sweepOnce} every 10 minutes, at
 * once again while batches come back full), so that a database that runs for months does not
 * grow without bound. Safe with several instances: each deletes what it finds.
 */
export const startRetentionSweep = (
  db: Database,
  config: PlatformConfig,
  log?: WorkerLog,
): Worker =>
  startWorker(() => sweepOnce(db, config), SWEEP_INTERVAL_MS, 'retention sweep failed', log)
