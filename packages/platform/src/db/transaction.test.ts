import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, openTestDatabase } from '../test-support/platform.js'
import { createDatabase, type Database } from './database.js'
import { migrateToLatest } from './migrate.js'
import { transaction } from './transaction.js'

/** A promise and the function that settles it: to hold a transaction open until a test says. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe.each(DIALECTS)('transactions on %s', (dialect) => {
  let db: Database
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
  })
  afterAll(() => close())

  const keys = async (prefix: string) =>
    (
      await db.kysely
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute()
    ).map((row) => row.key)

  it('commits the transactions that succeed, each whole, when others started with them fail', async () => {
    const key = (index: number, part: string) => `mixed-${String(index).padStart(2, '0')}-${part}`
    // The first one fails too, while the others wait for it.
    const fails = (index: number) => index % 3 === 0
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        transaction(db, async (trx) => {
          await trx
            .insertInto('settings')
            .values({ key: key(index, 'a'), value: '1' })
            .execute()
          if (fails(index)) throw new Error(`refused ${index}`)
          await trx
            .insertInto('settings')
            .values({ key: key(index, 'b'), value: '1' })
            .execute()
          return index
        }),
      ),
    )
    const indexes = Array.from({ length: 30 }, (_, index) => index)
    const succeeded = indexes.filter((index) => !fails(index))
    expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))).toEqual(succeeded)
    expect(
      outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : [])),
    ).toEqual(indexes.filter(fails).map((index) => `refused ${index}`))
    expect(await keys('mixed-')).toEqual(
      succeeded.flatMap((index) => [key(index, 'a'), key(index, 'b')]),
    )
  })

  it('fails a transaction whose statement violates a constraint, and only that one', async () => {
    await db.kysely.insertInto('settings').values({ key: 'unique-taken', value: '1' }).execute()
    const outcomes = await Promise.allSettled(
      ['unique-1', 'unique-taken', 'unique-2'].map((key) =>
        transaction(db, async (trx) => {
          await trx
            .insertInto('settings')
            .values({ key: `${key}-before`, value: '1' })
            .execute()
          await trx.insertInto('settings').values({ key, value: '2' }).execute()
        }),
      ),
    )
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await keys('unique-')).toEqual([
      'unique-1',
      'unique-1-before',
      'unique-2',
      'unique-2-before',
      'unique-taken',
    ])
  })

  it('lets reads outside a transaction go on while it is open, without seeing its writes', async () => {
    const hold = gate()
    const written = gate()
    const open = transaction(db, async (trx) => {
      await trx.insertInto('settings').values({ key: 'open-row', value: '1' }).execute()
      written.open()
      await hold.opened
    })
    await written.opened
    expect(await keys('open-row')).toEqual([])
    hold.open()
    await open
    expect(await keys('open-row')).toEqual(['open-row'])
  })

  it('runs a write outside a transaction after or beside the open one, never inside it', async () => {
    const hold = gate()
    const written = gate()
    const open = transaction(db, async (trx) => {
      await trx.insertInto('settings').values({ key: 'beside-trx', value: '1' }).execute()
      written.open()
      await hold.opened
      throw new Error('roll back')
    })
    await written.opened
    const outside = db.kysely
      .insertInto('settings')
      .values({ key: 'beside-plain', value: '1' })
      .execute()
    hold.open()
    await expect(open).rejects.toThrow('roll back')
    await outside
    expect(await keys('beside-')).toEqual(['beside-plain'])
  })
})

describe('an in-memory SQLite database', () => {
  it('serves reads, writes and transactions on its one connection', async () => {
    const db = createDatabase('sqlite::memory:')
    try {
      await migrateToLatest(db)
      const hold = gate()
      const written = gate()
      const open = transaction(db, async (trx) => {
        await trx.insertInto('settings').values({ key: 'memory-trx', value: '1' }).execute()
        written.open()
        await hold.opened
      })
      await written.opened
      // The read waits for the transaction, so it sees the committed row, never a half-done one.
      const read = db.kysely.selectFrom('settings').select('key').execute()
      hold.open()
      await open
      expect((await read).map((row) => row.key)).toContain('memory-trx')
    } finally {
      await db.destroy()
    }
  })
})
