import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database.js'
import { transaction } from '../db/transaction.js'
import { DIALECTS, openTestDatabase } from '../test-support/platform.js'
import { eventually } from '../test-support/webhook-receiver.js'
import { createIdentity } from './identities.js'
import {
  consumeSecret,
  findSecret,
  issueSecret,
  revokeSecrets,
  secretHash,
  sweepExpired,
} from './secrets.js'

/** A promise and the function that settles it: to hold a transaction open until a test says. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Whether a statement on `db` (PostgreSQL) is waiting for a lock another transaction holds. */
async function waitingForALock(db: Database): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely)
  return rows[0]!.n > 0
}

describe.each(DIALECTS)('opaque secrets on %s', (dialect) => {
  let db: Database
  let close: () => Promise<void>
  let identityId: string
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    identityId = (await createIdentity(db.kysely, 'MEMBER')).id
  })
  afterAll(() => close())

  /** A new session token of the test member, bound to `binding`, valid 10 minutes. */
  const issue = (binding: string | null = null) =>
    issueSecret(
      db.kysely,
      'member_sessions',
      { identity_id: identityId },
      { ttlSeconds: 600, binding },
    )

  it('stores only the hash; finds the secret with its binding, never without it', async () => {
    const { id, value } = await issue('shop-a')
    const row = await findSecret(db.kysely, 'member_sessions', secretHash(value, 'shop-a'))
    expect(row).toMatchObject({ id, identity_id: identityId, used_at: null, revoked_at: null })
    expect(row!.token_hash).not.toContain(value)
    expect(Date.parse(row!.expires_at!) - Date.parse(row!.created_date)).toBe(600_000)
    for (const key of [secretHash(value), secretHash(value, 'shop-b'), secretHash('x', 'shop-a')])
      expect(await findSecret(db.kysely, 'member_sessions', key)).toBeUndefined()
  })

  it('is consumed once: of concurrent consumers, exactly one gets the row', async () => {
    const { id, value } = await issue()
    const consumers = Array.from({ length: 8 }, () =>
      transaction(db, (trx) => consumeSecret(trx, 'member_sessions', secretHash(value))),
    )
    const rows = (await Promise.all(consumers)).filter((row) => row !== undefined)
    expect(rows.map((row) => row.id)).toEqual([id])
    expect(await findSecret(db.kysely, 'member_sessions', secretHash(value))).toBeUndefined()
  })

  it('gives nothing to a consumer that comes while the first one has not committed yet', async () => {
    const { value } = await issue()
    const key = secretHash(value)
    const hold = gate()
    const consumed = gate()
    const first = transaction(db, async (trx) => {
      const row = await consumeSecret(trx, 'member_sessions', key)
      consumed.open()
      await hold.opened
      return row
    })
    await consumed.opened
    const second = transaction(db, (trx) => consumeSecret(trx, 'member_sessions', key))
    // PostgreSQL: the second one has reached the row and waits for the first one's lock. (SQLite
    // runs one write transaction at a time: the second one starts once the first has committed.)
    if (dialect === 'postgres') await eventually(() => waitingForALock(db))
    hold.open()
    expect(await first).toBeDefined()
    expect(await second).toBeUndefined()
  })

  it('stays unspent when the transaction that consumed it fails', async () => {
    const { id, value } = await issue()
    const key = secretHash(value)
    await expect(
      transaction(db, async (trx) => {
        expect(await consumeSecret(trx, 'member_sessions', key)).toMatchObject({ id })
        throw new Error('what the secret buys could not be made')
      }),
    ).rejects.toThrow('could not be made')
    expect(await consumeSecret(db.kysely, 'member_sessions', key)).toMatchObject({ id })
  })

  it('stops working once revoked or expired', async () => {
    const revoked = await issue()
    const expired = await issue()
    await revokeSecrets(db.kysely, 'member_sessions', 'id', revoked.id)
    await db.kysely
      .updateTable('member_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute()
    for (const { value } of [revoked, expired]) {
      expect(await findSecret(db.kysely, 'member_sessions', secretHash(value))).toBeUndefined()
      expect(await consumeSecret(db.kysely, 'member_sessions', secretHash(value))).toBeUndefined()
    }
  })

  it('sweeps rows expired before the cutoff, a bounded batch at a time', async () => {
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString()
    const aged = await Promise.all(Array.from({ length: 5 }, () => issue()))
    await db.kysely
      .updateTable('member_sessions')
      .set({ expires_at: old })
      .where(
        'id',
        'in',
        aged.map((secret) => secret.id),
      )
      .execute()
    const live = await issue()
    const cutoff = new Date(Date.now() - 24 * 3600 * 1000).toISOString()
    expect(await sweepExpired(db.kysely, 'member_sessions', cutoff, 3)).toBe(3)
    expect(await sweepExpired(db.kysely, 'member_sessions', cutoff, 3)).toBe(2)
    expect(await sweepExpired(db.kysely, 'member_sessions', cutoff, 3)).toBe(0)
    const ids = await db.kysely.selectFrom('member_sessions').select('id').execute()
    expect(ids.map((row) => row.id)).toContain(live.id)
    expect(ids.map((row) => row.id)).not.toContain(aged[0]!.id)
  })
})
