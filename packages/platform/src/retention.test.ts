import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentity } from './auth/identities.js'
import { issueSecret, SECRET_TABLES, type SecretTable } from './auth/secrets.js'
import { sweepOnce } from './retention.js'
import {
  DIALECTS,
  startPlatform,
  testDatabaseUrl,
  type TestPlatform,
} from './test-support/platform.js'
import { eventually } from './test-support/webhook-receiver.js'

const DAY_MS = 24 * 3600 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()

describe.each(DIALECTS)('the retention sweep on %s', (dialect) => {
  let platform: TestPlatform
  let identityId: string
  let stateId: string
  const db = () => platform.app.platform.db.kysely
  beforeAll(async () => {
    platform = await startPlatform(dialect, { workers: false })
    identityId = (await createIdentity(db(), 'MEMBER')).id
    const purpose = 'EMAIL_VERIFICATION'
    const binding = { identity_id: identityId, purpose } as const
    stateId = (await issueSecret(db(), 'auth_states', binding, { ttlSeconds: 3600 })).id
  })
  afterAll(() => platform.close())

  /**
   * One secret in each table of secrets, and one redirect session, that expire `days` from now (in
   * the past when < 0).
   */
  async function secretsExpiring(days: number) {
    const options = { ttlSeconds: days * 24 * 3600 }
    const issue = <T extends SecretTable>(
      table: T,
      binding: Parameters<typeof issueSecret<T>>[2],
    ) => issueSecret(db(), table, binding, options)
    const client = { client_id: 'demo-storefront', identity_id: identityId }
    await issue('tokens', { ...client, kind: 'refresh', refresh_token_id: null })
    await issue('api_keys', { name: randomUUID(), identity_id: identityId })
    await issue('member_sessions', { identity_id: identityId })
    await issue('auth_states', { identity_id: identityId, purpose: 'OWNER_APPROVAL' })
    await issue('verification_codes', { state_id: stateId, attempts: 0 })
    await issue('recovery_tokens', { identity_id: identityId, kind: 'RECOVERY' })
    await issue('authorization_codes', {
      ...client,
      redirect_uri: 'http://localhost:5173/callback',
      code_challenge: 'challenge',
      refresh_token_id: null,
      redirect_session_id: null,
    })
    await issue('platform_sessions', { identity_id: identityId })
    const now = Date.now()
    await db()
      .insertInto('redirect_sessions')
      .values({
        id: randomUUID(),
        intent: 'login',
        request: '{"login":{}}',
        client_id: 'demo-storefront',
        identity_id: identityId,
        full_url: 'http://127.0.0.1:4100/_vitrine/login',
        created_date: new Date(now + days * DAY_MS - 30 * 60 * 1000).toISOString(),
        expires_at: new Date(now + days * DAY_MS).toISOString(),
      })
      .execute()
  }

  /** An event created `days` ago, with one delivery of `status` to the test webhook. */
  async function eventOf(days: number, status: 'delivered' | 'failed' | 'pending') {
    const event = {
      id: randomUUID(),
      event_type: 'wix.ecom.v1.cart_updated',
      payload: '{}',
      identity: '{}',
      created_date: daysAgo(days),
    }
    await db().insertInto('events').values(event).execute()
    await db()
      .insertInto('webhook_deliveries')
      .values({
        id: randomUUID(),
        webhook_id: 'hook',
        event_id: event.id,
        status,
        attempts: status === 'pending' ? 3 : 1,
        next_attempt_at: daysAgo(status === 'pending' ? 0 : days),
        last_error: status === 'failed' ? 'HTTP 500' : null,
        delivered_at: status === 'delivered' ? event.created_date : null,
      })
      .execute()
  }

  /** `days` days of history ending `from` days ago: two events a day, expired secrets, sessions. */
  async function history(from: number, days: number) {
    for (let day = from; day < from + days; day++) {
      await eventOf(day + 0.5, 'delivered')
      await eventOf(day + 0.5, 'failed')
      await secretsExpiring(-(day + 0.5))
    }
  }

  /** Rows of each table the sweep looks after. */
  async function counts() {
    const tables = ['events', 'webhook_deliveries', 'redirect_sessions', ...SECRET_TABLES] as const
    const rows: Record<string, number> = {}
    for (const table of tables) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      rows[table] = Number(row.n)
    }
    return rows
  }

  /** Sweeps in batches of 25 until nothing more is due (at most 200 rounds). */
  async function sweepAll() {
    for (let round = 0; round < 200; round++)
      if (!(await sweepOnce(platform.app.platform.db, { eventRetentionDays: 30 }, 25))) return round
    throw new Error('the sweep did not finish in 200 rounds')
  }

  it('keeps a database that has run for months at the size of its last 30 days', async () => {
    const now = new Date().toISOString()
    await db()
      .insertInto('webhooks')
      .values({ id: 'hook', url: 'http://127.0.0.1:9/', event_types: null, created_date: now })
      .execute()
    await secretsExpiring(1) // live
    await eventOf(45, 'pending') // still being retried: kept, with its event
    await history(0, 60)
    const before = await counts()
    expect(before.events).toBe(121)
    expect(await sweepAll()).toBeGreaterThan(1)

    // Events of the last 30 days (2 a day) and the one still being delivered, with their
    // deliveries; of each table of secrets, the live secret and the one expired half a day ago.
    // The admin key and the state the codes belong to do not expire (not yet).
    // Of the redirect sessions, too, the live one and the one expired half a day ago.
    const month: Record<string, number> = {
      events: 61,
      webhook_deliveries: 61,
      redirect_sessions: 2,
    }
    for (const table of SECRET_TABLES)
      month[table] = table === 'api_keys' || table === 'auth_states' ? 3 : 2
    expect(await counts()).toEqual(month)
    const pending = await db()
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('status', '=', 'pending')
      .execute()
    expect(pending).toHaveLength(1)

    // Twice as much history, older still: the sweep brings it back to the same size.
    await history(60, 60)
    await sweepAll()
    expect(await counts()).toEqual(month)
  })

  it('runs by itself in a running platform', async () => {
    const database = await testDatabaseUrl(dialect)
    const stopped = await startPlatform(dialect, { workers: false, databaseUrl: database.url })
    const member = await createIdentity(stopped.app.platform.db.kysely, 'MEMBER')
    const expired = { ttlSeconds: -3 * 24 * 3600 }
    await issueSecret(
      stopped.app.platform.db.kysely,
      'platform_sessions',
      { identity_id: member.id },
      expired,
    )
    await stopped.close()
    const running = await startPlatform(dialect, { databaseUrl: database.url })
    try {
      const sessions = () =>
        running.app.platform.db.kysely.selectFrom('platform_sessions').select('id').execute()
      await eventually(async () => (await sessions()).length === 0)
    } finally {
      await running.close()
      await database.cleanup()
    }
  })
})
