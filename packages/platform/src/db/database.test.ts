import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, openTestDatabase } from '../test-support/platform.js'
import type { Database } from './database.js'
import { fromDatabaseError } from './errors.js'
import { migrateToLatest } from './migrate.js'
import { migrations } from './migrations/index.js'
import { forUpdate, transaction } from './transaction.js'

describe.each(DIALECTS)('the database on %s', (dialect) => {
  let db: Database
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    expect(db.dialect).toBe(dialect)
  })
  afterAll(() => close())

  const setting = async (key: string) =>
    (
      await db.kysely
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst()
    )?.value

  it('migrates once: a second run changes nothing', async () => {
    await migrateToLatest(db)
    const tables = await db.kysely.introspection.getTables()
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['settings', 'oauth_clients', 'identities', 'api_keys', 'tokens']),
    )
  })

  it('rolls a failed transaction back entirely', async () => {
    const failure = transaction(db, async (trx) => {
      await trx.insertInto('settings').values({ key: 'half', value: '1' }).execute()
      throw new Error('stop')
    })
    await expect(failure).rejects.toThrow('stop')
    expect(await setting('half')).toBeUndefined()
  })

  it('loses no update when 40 transactions read-modify-write one row at once', async () => {
    await db.kysely.insertInto('settings').values({ key: 'counter', value: '0' }).execute()
    await Promise.all(
      Array.from({ length: 40 }, () =>
        transaction(db, async (trx) => {
          const row = await forUpdate(
            db,
            trx.selectFrom('settings').select('value').where('key', '=', 'counter'),
          ).executeTakeFirstOrThrow()
          // Give the other transactions every chance to interleave.
          await new Promise((resolve) => setTimeout(resolve, 1))
          await trx
            .updateTable('settings')
            .set({ value: String(Number(row.value) + 1) })
            .where('key', '=', 'counter')
            .execute()
        }),
      ),
    )
    expect(await setting('counter')).toBe('40')
  })

  it('reads counts as numbers', async () => {
    const { count } = await db.kysely
      .selectFrom('settings')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    expect(typeof count).toBe('number')
  })

  it('maps the database errors that input causes to 409 and 400', async () => {
    await db.kysely.insertInto('settings').values({ key: 'taken', value: '1' }).execute()
    const duplicate = await db.kysely
      .insertInto('settings')
      .values({ key: 'taken', value: '2' })
      .execute()
      .catch((error: unknown) => error)
    expect(fromDatabaseError(duplicate)?.status).toBe(409)
    if (dialect === 'postgres') {
      const nul = await db.kysely
        .insertInto('settings')
        .values({ key: 'nul', value: 'a\u0000b' })
        .execute()
        .catch((error: unknown) => error)
      expect(fromDatabaseError(nul)?.status).toBe(400)
    }
    expect(fromDatabaseError(new Error('bug'))).toBeUndefined()
  })

  it("maps the engines' limits that a request's size or shape can reach to 400", async () => {
    const statements = [
      sql.raw(`select 1 where ${Array(1200).fill('1 = 1').join(' or ')}`),
      sql.raw(`select ${'('.repeat(20_000)}1${')'.repeat(20_000)}`),
      sql`select 1 where 1 in (${sql.join(Array.from({ length: 70_000 }, (_, i) => i))})`,
      sql.raw(`select 1 where ${'not '.repeat(5000)}1 = 1`),
    ]
    let refused = 0
    for (const statement of statements) {
      const error = await statement.execute(db.kysely).then(
        () => undefined,
        (error: unknown) => error,
      )
      if (error === undefined) continue // within this engine's limits
      refused++
      expect(fromDatabaseError(error)?.status, String(error)).toBe(400)
    }
    expect(refused).toBeGreaterThanOrEqual(2)
    // A statement that is wrong (a bug of ours) stays a 500.
    const bug = await sql
      .raw('select frm nowhere')
      .execute(db.kysely)
      .catch((e: unknown) => e)
    expect(fromDatabaseError(bug)).toBeUndefined()
  })
  it('drops the stored product views (0015), and brings them back when migrated down', async () => {
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrations },
    })
    const hasViews = async () =>
      (await db.kysely.introspection.getTables()).some((table) => table.name === 'product_views')
    expect(await hasViews()).toBe(false)
    expect((await migrator.migrateTo('0014-secret-columns')).error).toBeUndefined()
    expect(await hasViews()).toBe(true)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await hasViews()).toBe(false)
    // No trigger is left behind to fail on the missing table: a product changes freely.
    await sql`insert into products (id, numeric_id, name, slug, currency, price, discounted_price, created_date, last_updated) values ('p-0015', 15015, 'P', 'p-0015', 'USD', 1, 1, 'now', 'now')`.execute(
      db.kysely,
    )
    await db.kysely.updateTable('products').set({ name: 'Q' }).where('id', '=', 'p-0015').execute()
  })
})
