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
  it('migrates a fresh database without stored product views (0012, 0013: no-ops)', async () => {
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrations },
    })
    expect((await migrator.migrateTo('0014-secret-columns')).error).toBeUndefined()
    expect(await productViewObjects()).toEqual([])
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await productViewObjects()).toEqual([])
  })

  it('drops the stored product views of a database that ran the old 0012 and 0013 (0015)', async () => {
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrations },
    })
    expect((await migrator.migrateTo('0014-secret-columns')).error).toBeUndefined()
    // What the old 0012 and 0013 created: the table, its triggers and (PostgreSQL) functions.
    for (const statement of OLD_PRODUCT_VIEWS[dialect]) await sql.raw(statement).execute(db.kysely)
    expect((await productViewObjects()).length).toBe(dialect === 'postgres' ? 6 : 8)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await productViewObjects()).toEqual([])
    // No trigger is left to fail on the missing table: a product and its parts change freely.
    await sql`insert into products (id, numeric_id, name, slug, currency, price, discounted_price, created_date, last_updated) values ('p-0015', 15015, 'P', 'p-0015', 'USD', 1, 1, 'now', 'now')`.execute(
      db.kysely,
    )
    await db.kysely.updateTable('products').set({ name: 'Q' }).where('id', '=', 'p-0015').execute()
    await sql`insert into variants (id, product_id, choices, choices_key, position) values ('v-0015', 'p-0015', '{}', '', 0)`.execute(
      db.kysely,
    )
    await db.kysely.deleteFrom('variants').where('id', '=', 'v-0015').execute()
  })

  /** The stored product views' table, triggers and functions the database has. */
  const productViewObjects = async (): Promise<string[]> => {
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ name: string }>`
            select tgname as name from pg_trigger where tgname like 'product_views%'
            union all select proname from pg_proc where proname like 'product_views%'
            union all select tablename from pg_tables where tablename = 'product_views'`.execute(
            db.kysely,
          )
        : await sql<{ name: string }>`
            select name from sqlite_master where name like 'product_views%'`.execute(db.kysely)
    return rows.map((row) => row.name).sort()
  }
})

/** The objects the old 0012 (triggers, functions) and 0013 (the table as bytes) created. */
const OLD_PRODUCT_VIEWS: Record<'sqlite' | 'postgres', string[]> = {
  sqlite: [
    `create table product_views (product_id text primary key references products(id) on delete cascade, base text not null, json blob not null)`,
    `create trigger product_views_product after update on products begin delete from product_views where product_id = new.id; end`,
    ...['variants', 'collection_products'].flatMap((table) => [
      `create trigger product_views_${table}_insert after insert on ${table} begin delete from product_views where product_id = new.product_id; end`,
      `create trigger product_views_${table}_update after update on ${table} begin delete from product_views where product_id in (old.product_id, new.product_id); end`,
      `create trigger product_views_${table}_delete after delete on ${table} begin delete from product_views where product_id = old.product_id; end`,
    ]),
  ],
  postgres: [
    `create table product_views (product_id text primary key references products(id) on delete cascade, base text not null, json bytea not null)`,
    `create function product_views_product_changed() returns trigger language plpgsql as $$
      begin delete from product_views where product_id = new.id; return null; end $$`,
    `create trigger product_views_product after update on products
      for each row execute function product_views_product_changed()`,
    `create function product_views_part_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform 1 from products where id = old.product_id for no key update;
          delete from product_views where product_id = old.product_id;
        end if;
        if tg_op <> 'DELETE' then
          perform 1 from products where id = new.product_id for no key update;
          delete from product_views where product_id = new.product_id;
        end if;
        return null;
      end $$`,
    ...['variants', 'collection_products'].map(
      (table) => `create trigger product_views_${table} after insert or update or delete on ${table}
        for each row execute function product_views_part_changed()`,
    ),
  ],
}
