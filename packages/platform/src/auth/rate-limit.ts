import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'
import { PlatformError } from '../http/platform-error.js'
import { sha256 } from './secrets.js'

/**
 * A limit: at most `max` counted events per `windowSeconds` (a sliding window of at most
 * {@link LONGEST_WINDOW_SECONDS}) per key. Past it, a 429 — or, with `past: 'captcha'`, the
 * attempt goes on and the caller requires a captcha.
 */
export interface RateRule {
  name: string
  max: number
  windowSeconds: number
  past?: 'captcha'
}

/** The longest window a rule may have: older events are swept. */
export const LONGEST_WINDOW_SECONDS = 60 * 60

/** A rule applied to one key (an e-mail, a remote address). */
export interface Counted {
  rule: RateRule
  key: string
}

/** 429 in the provider's format; `Retry-After` (seconds) goes with it ({@link installRetryAfter}). */
export class RateLimitedError extends PlatformError {
  readonly retryAfterSeconds: number

  constructor(retryAfterSeconds: number) {
    super(429, 'Too many attempts: try again later', {
      applicationError: {
        code: 'RESOURCE_EXHAUSTED',
        description: `Too many attempts: try again in ${retryAfterSeconds} seconds`,
        data: { retryAfterSeconds },
      },
    })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Adds `Retry-After` to the 429s of every route of `app`. */
export function installRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError)
      reply.header('retry-after', String(error.retryAfterSeconds))
  })
}

/** The stored bucket: the key is hashed, so no e-mail or address is kept in clear. */
const bucketOf = ({ rule, key }: Counted) =>
  `${rule.name}:${sha256(key.trim().toLowerCase()).slice(0, 40)}`

const since = (seconds: number, now: Date) => new Date(now.getTime() - seconds * 1000).toISOString()

/** An attempt counted by {@link takeAttempt}. */
export interface Attempt {
  /** The attempt succeeded: it no longer counts. */
  succeeded(): Promise<void>
  /** A bucket of a `past: 'captcha'` rule is over its limit: the attempt needs a captcha. */
  captchaRequired: boolean
}

/**
 * Counts one attempt in every bucket of `counted` before the attempt is made, so concurrent
 * attempts see each other; throws {@link RateLimitedError} (with the seconds until the oldest
 * counted event leaves the window) when any bucket is over its limit, without counting it — unless
 * its rule says `past: 'captcha'`: then `captchaRequired` is set. The attempt keeps counting as a
 * failure unless `succeeded()` is called. DB-backed: every instance of the platform shares the
 * counts.
 *
 * @example
 * const attempt = await takeAttempt(db, [{ rule: RATE_RULES.loginPerAddress, key: ip }])
 * if (!(await verifyPassword(password, hash))) throw identityErrors.invalidPassword()
 * await attempt.succeeded()
 */
export async function takeAttempt(
  db: Kysely<Schema>,
  counted: readonly Counted[],
): Promise<Attempt> {
  const now = new Date()
  const events = counted.map((item) => ({
    id: randomUUID(),
    bucket: bucketOf(item),
    created_date: now.toISOString(),
  }))
  await db
    .deleteFrom('rate_limit_events')
    .where('created_date', '<', since(LONGEST_WINDOW_SECONDS, now))
    .execute()
  if (events.length) await db.insertInto('rate_limit_events').values(events).execute()
  const ids = events.map((event) => event.id)
  const release = async () => {
    if (ids.length) await db.deleteFrom('rate_limit_events').where('id', 'in', ids).execute()
  }
  let captchaRequired = false
  for (const [index, item] of counted.entries()) {
    const window = since(item.rule.windowSeconds, now)
    const row = await db
      .selectFrom('rate_limit_events')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('created_date').as('oldest'),
      ])
      .where('bucket', '=', events[index]!.bucket)
      .where('created_date', '>=', window)
      .executeTakeFirstOrThrow()
    if (Number(row.count) <= item.rule.max) continue
    if (item.rule.past === 'captcha') {
      captchaRequired = true
      continue
    }
    await release()
    const oldest = row.oldest ? Date.parse(row.oldest) : now.getTime()
    const wait = oldest + item.rule.windowSeconds * 1000 - now.getTime()
    throw new RateLimitedError(Math.max(1, Math.ceil(wait / 1000)))
  }
  return { succeeded: release, captchaRequired }
}

/** Forgets every counted event of `counted` (e.g. an e-mail's failed logins after a success). */
export async function forgetAttempts(db: Kysely<Schema>, counted: Counted): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('bucket', '=', bucketOf(counted)).execute()
}
