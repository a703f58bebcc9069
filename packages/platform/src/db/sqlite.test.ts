import { statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test-support/platform.js'
import type { Database } from './database.js'
import { sqlitePath } from './sqlite.js'
import { transaction } from './transaction.js'

describe('a SQLite file database', () => {
  let db: Database
  let file: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const test = await openTestDatabase('sqlite')
    ;({ db, close } = test)
    file = sqlitePath(test.url)
  })
  afterAll(() => close())

  it('keeps its WAL bounded while writes and reads go on: SQLite checkpoints it by itself', async () => {
    const before = statSync(file).size
    const value = 'x'.repeat(16_000)
    // About 32 MB written, 64 KB a transaction, with a read between transactions.
    for (let i = 0; i < 500; i++) {
      await transaction(db, async (trx) => {
        for (let j = 0; j < 4; j++)
          await trx
            .insertInto('settings')
            .values({ key: `wal-${i}-${j}`, value })
            .execute()
      })
      await db.kysely.selectFrom('settings').select('key').where('key', '=', `wal-${i}-0`).execute()
    }
    // The commits went into the database file, and the WAL holds about 1000 pages (4 MB) at most.
    expect(statSync(file).size).toBeGreaterThan(before + 30_000_000)
    expect(statSync(`${file}-wal`).size).toBeLessThan(8_000_000)
  })

  it('answers a read while a transaction is open (the reader connection does not wait for it)', async () => {
    await db.kysely.insertInto('settings').values({ key: 'reader', value: 'before' }).execute()
    const read = await transaction(db, async (trx) => {
      await trx
        .updateTable('settings')
        .set({ value: 'during' })
        .where('key', '=', 'reader')
        .execute()
      // Outside the transaction, before it commits: it would wait forever behind it on one connection.
      return db.kysely
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'reader')
        .executeTakeFirst()
    })
    expect(read).toEqual({ value: 'before' })
  })
})
