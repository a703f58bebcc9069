import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { sha256 } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'

/** A limit: at most `max` counted events per `windowSeconds` (a sliding window) per key. */
export interface RateRule {
  name: string
  max: number
  windowSeconds: number
}

const FIFTEEN_MINUTES = 15 * 60

/** The identity module's limits. Failures are counted; a success gives its attempt back. */
export const RATE_RULES = {
  loginPerEmail: { name: 'login-email', max: 5, windowSeconds: FIFTEEN_MINUTES },
  loginPerAddress: { name: 'login-address', max: 20, windowSeconds: FIFTEEN_MINUTES },
  verifyPerEmail: { name: 'verify-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
  verifyPerAddress: { name: 'verify-address', max: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Codes and links mailed to one address (e-mail bombing). */
  mailPerEmail: { name: 'mail-email', max: 10, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, RateRule>

const LONGEST_WINDOW = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowSeconds))

/** A rule applied to one key (an e-mail, a remote address). */
export interface Counted {
  rule: RateRule
  key: string
}

/** 429 in the provider's format; the module sends `Retry-After` (seconds) with it. */
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

/** Adds `Retry-After` to the 429s of the routes of `app` (a module's scope). */
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
}

/**
 * Counts one attempt in every bucket of `counted` before the attempt is made, so concurrent
 * attempts see each other; throws {@link RateLimitedError} (with the seconds until the oldest
 * counted event leaves the window) when any bucket is over its limit, without counting it. The
 * attempt keeps counting as a failure unless `succeeded()` is called. DB-backed: every instance
 * of the platform shares the counts.
 *
 * @example
 * const attempt = await takeAttempt(db, [{ rule: RATE_RULES.loginPerEmail, key: email }])
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
    .where('created_date', '<', since(LONGEST_WINDOW, now))
    .execute()
  if (events.length) await db.insertInto('rate_limit_events').values(events).execute()
  const ids = events.map((event) => event.id)
  const release = async () => {
    if (ids.length) await db.deleteFrom('rate_limit_events').where('id', 'in', ids).execute()
  }
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
    if (Number(row.count) > item.rule.max) {
      await release()
      const oldest = row.oldest ? Date.parse(row.oldest) : now.getTime()
      const wait = oldest + item.rule.windowSeconds * 1000 - now.getTime()
      throw new RateLimitedError(Math.max(1, Math.ceil(wait / 1000)))
    }
  }
  return { succeeded: release }
}

/** Forgets every counted event of `counted` (e.g. an e-mail's failed logins after a success). */
export async function forgetAttempts(db: Kysely<Schema>, counted: Counted): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('bucket', '=', bucketOf(counted)).execute()
}
