import type { Kysely } from 'kysely'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import { startWorker, type Worker, type WorkerLog } from '../../worker.js'
import { webhookJwt } from './jwt.js'
import { signingKey, type SigningKey } from './signing-key.js'

/** How the delivery worker paces itself. */
export interface DeliveryOptions {
  /** Pause between polls when nothing was due, in ms. Default 500. */
  pollIntervalMs: number
  /** Deliveries claimed per poll, and so the most requests in flight. Default 8. */
  batchSize: number
  /** Time a receiver has to answer, in ms. Default 10 s. */
  timeoutMs: number
  /** Attempts before a delivery is `failed`. Default 8. */
  maxAttempts: number
  /** Delay before the first retry, in ms, doubled for each further one (± jitter). Default 10 s. */
  backoffMs: number
  /** The longest delay between two attempts, in ms. Default 1 h. */
  maxBackoffMs: number
  /** Where the worker reports its own failures (a database outage); never with a request body. */
  log?: WorkerLog
}

/** The defaults of {@link DeliveryOptions}. */
export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  pollIntervalMs: 500,
  batchSize: 8,
  timeoutMs: 10_000,
  maxAttempts: 8,
  backoffMs: 10_000,
  maxBackoffMs: 60 * 60 * 1000,
}

/** A claimed delivery: what one attempt needs. `attempts` counts this one. */
type Claim = Awaited<ReturnType<typeof claim>>[number]

const iso = (ms: number) => new Date(ms).toISOString()

/** The delay after the `attempts`-th failed attempt: exponential, capped, with equal jitter. */
export function retryDelay(attempts: number, options: DeliveryOptions): number {
  const delay = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (attempts - 1))
  return delay / 2 + (Math.random() * delay) / 2
}

/**
 * Claims up to `limit` due deliveries in one transaction: counts the attempt and moves
 * `next_attempt_at` past the attempt's timeout (a lease: if this instance dies, the delivery is
 * due again after it). On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets instances claim disjoint sets
 * side by side; on SQLite the transaction holds the database's write lock. Deliveries of a
 * webhook revoked meanwhile are cancelled instead.
 */
async function claim(db: Database, limit: number, leaseMs: number) {
  const now = Date.now()
  const pending = (db: Kysely<Schema>) =>
    db
      .selectFrom('webhook_deliveries')
      .select(['id', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', iso(now))
  // Most polls find nothing: look first without a transaction (SQLite's takes the write lock).
  if (!(await pending(db.kysely).limit(1).executeTakeFirst())) return []
  return transaction(db, async (trx) => {
    let due = pending(trx).orderBy('next_attempt_at').limit(limit)
    if (db.dialect === 'postgres') due = due.forUpdate().skipLocked()
    const rows = await due.execute()
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: iso(now + leaseMs) }))
      .where('id', 'in', ids)
      .execute()
    const claimed = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .select(['d.id', 'd.attempts', 'w.url', 'w.revoked_at'])
      .select(['e.event_type', 'e.payload', 'e.identity'])
      .where('d.id', 'in', ids)
      .execute()
    const revoked = claimed.filter((row) => row.revoked_at !== null).map((row) => row.id)
    if (revoked.length)
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'cancelled', last_error: 'webhook revoked' })
        .where('id', 'in', revoked)
        .execute()
    return claimed.filter((row) => row.revoked_at === null)
  })
}

/** Why a request failed, in words that never contain the request (the JWT). */
function describeFailure(error: unknown, timeoutMs: number): string {
  const { name, message, cause } = error as { name?: string; message?: string; cause?: unknown }
  if (name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  const code = (cause as { code?: unknown } | undefined)?.code
  return code ? `${message ?? 'request failed'} (${String(code)})` : (message ?? 'request failed')
}

type Outcome = { kind: 'delivered' } | { kind: 'failed'; error: string } | { kind: 'released' }

async function attempt(
  key: SigningKey,
  claim: Claim,
  options: DeliveryOptions,
  stopping: AbortSignal,
): Promise<Outcome> {
  try {
    const response = await fetch(claim.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': 'vitrine-platform-webhooks' },
      body: await webhookJwt(key, claim),
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), stopping]),
    })
    await response.body?.cancel().catch(() => {})
    if (response.status >= 200 && response.status < 300) return { kind: 'delivered' }
    return { kind: 'failed', error: `HTTP ${response.status}` }
  } catch (error) {
    if (stopping.aborted) return { kind: 'released' }
    return { kind: 'failed', error: describeFailure(error, options.timeoutMs) }
  }
}

/**
 * Records an attempt's outcome. Only while the claim still holds (same attempt count, still
 * pending): a delivery whose lease ran out and was claimed again is left to its new owner.
 */
async function record(db: Database, claim: Claim, outcome: Outcome, options: DeliveryOptions) {
  const now = Date.now()
  const update = db.kysely
    .updateTable('webhook_deliveries')
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('status', '=', 'pending')
  if (outcome.kind === 'delivered')
    await update.set({ status: 'delivered', delivered_at: iso(now), last_error: null }).execute()
  else if (outcome.kind === 'released')
    // Shutting down: the attempt did not really happen; any instance may make it now.
    await update.set({ attempts: claim.attempts - 1, next_attempt_at: iso(now) }).execute()
  else if (claim.attempts >= options.maxAttempts)
    await update.set({ status: 'failed', last_error: outcome.error }).execute()
  else
    await update
      .set({
        last_error: outcome.error,
        next_attempt_at: iso(now + retryDelay(claim.attempts, options)),
      })
      .execute()
}

/**
 * Starts delivering the outbox's pending webhook deliveries of `db`: polls for due ones, claims a
 * small batch (safe with several instances on one database), POSTs each event's signed JWT
 * (`Content-Type: text/plain`) to its webhook's URL, and records the outcome: a 2xx is
 * `delivered`; anything else is retried with exponential backoff until `maxAttempts`, then
 * `failed`, with `last_error` saying why. All state is in the database. Stopping aborts the
 * requests in flight (they are retried later).
 *
 * @example
 * const worker = startDeliveryWorker(db, { log: app.log })
 * app.addHook('onClose', () => worker.stop())
 */
export function startDeliveryWorker(db: Database, options: Partial<DeliveryOptions> = {}): Worker {
  const settings: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, ...options }
  const leaseMs = settings.timeoutMs + 30_000
  // A full batch means more may be due: the worker polls again at once.
  const poll = async (stopping: AbortSignal) => {
    const claims = await claim(db, settings.batchSize, leaseMs)
    if (claims.length === 0) return false
    const key = await signingKey(db)
    const results = await Promise.allSettled(
      claims.map(async (claimed) =>
        record(db, claimed, await attempt(key, claimed, settings, stopping), settings),
      ),
    )
    // A result that could not be recorded is retried once its lease ends.
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    return claims.length === settings.batchSize
  }
  return startWorker(poll, settings.pollIntervalMs, 'webhook delivery poll failed', settings.log)
}
