import { statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test-support/platform.js'
import { createDatabase, type Database } from './database.js'
import { sqlitePath } from './sqlite.js'
import { transaction } from './transaction.js'

describe('the SQLite checkpointer', () => {
  let db: Database
  let file: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const test = await openTestDatabase('sqlite')
    ;({ db, close } = test)
    file = sqlitePath(test.url)
  })
  afterAll(() => close())

  it('copies committed pages from the WAL into the database file in the background', async () => {
    const before = statSync(file).size
    // About 2 MB: far below the automatic checkpoint's threshold (10,000 pages), so only the
    // checkpointer moves it into the database file.
    await transaction(db, async (trx) => {
      for (let i = 0; i < 64; i++)
        await trx
          .insertInto('settings')
          .values({ key: `bulk-${i}`, value: 'x'.repeat(32_000) })
          .execute()
    })
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000)
    let size = statSync(file).size
    for (let attempt = 0; attempt < 200 && size < before + 2_000_000; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      size = statSync(file).size
    }
    expect(size).toBeGreaterThan(before + 2_000_000)
  })

  it('stops with the database, which then closes cleanly', async () => {
    const other = createDatabase(`sqlite:${file}`)
    await other.kysely.selectFrom('settings').select('key').limit(1).execute()
    await other.destroy()
    expect(
      await db.kysely.selectFrom('settings').select('key').where('key', '=', 'bulk-0').execute(),
    ).toEqual([{ key: 'bulk-0' }])
  })
})
