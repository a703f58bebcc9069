import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, openTestDatabase } from '../test-support/platform.js'
import type { Database } from './database.js'
import { prepared } from './prepared.js'
import { transaction } from './transaction.js'

describe.each(DIALECTS)('prepared queries on %s', (dialect) => {
  let db: Database
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    await db.kysely
      .insertInto('settings')
      .values(
        ['a', 'b', 'c', 'd'].map((key, index) => ({ key: `prepared-${key}`, value: `${index}` })),
      )
      .execute()
  })
  afterAll(() => close())

  const valueOf = prepared((db, key: string) =>
    db.selectFrom('settings').select('value').where('key', '=', key),
  )
  const keysAmong = prepared((db, low: string, keys: readonly string[], high: string) =>
    db
      .selectFrom('settings')
      .select('key')
      .where('key', 'in', keys)
      .where('value', '>=', low)
      .where('value', '<=', high)
      .orderBy('key'),
  )
  const setValue = prepared((db, key: string, value: string) =>
    db.updateTable('settings').set({ value }).where('key', '=', key),
  )
  const setColumns = prepared((db, key: string, columns: { key?: string; value?: string }) =>
    db.updateTable('settings').set(columns).where('key', '=', key),
  )
  const keys = (...names: string[]) => names.map((name) => `prepared-${name}`)

  it('runs each call with its own arguments, once compiled', async () => {
    expect(await valueOf(db.kysely, 'prepared-b')).toEqual([{ value: '1' }])
    expect(await valueOf(db.kysely, 'prepared-d')).toEqual([{ value: '3' }])
    expect(await valueOf(db.kysely, 'prepared-x')).toEqual([])
  })

  it('takes lists of any length, with arguments before and after them', async () => {
    const found = async (names: string[], low: string, high: string) =>
      (await keysAmong(db.kysely, low, keys(...names), high)).map((row) => row.key)
    expect(await found(['a', 'c', 'd'], '1', '3')).toEqual(keys('c', 'd'))
    expect(await found(['b'], '0', '9')).toEqual(keys('b'))
    expect(await found(['a', 'b', 'c', 'd', 'x'], '0', '2')).toEqual(keys('a', 'b', 'c'))
    expect(await found(['d', 'a'], '3', '9')).toEqual(keys('d'))
  })

  it('runs in a transaction, which sees its own writes', async () => {
    const seen = await transaction(db, async (trx) => {
      await setValue(trx, 'prepared-a', '7')
      return valueOf(trx, 'prepared-a')
    })
    expect(seen).toEqual([{ value: '7' }])
    expect(await valueOf(db.kysely, 'prepared-a')).toEqual([{ value: '7' }])
  })

  it('takes records, whose defined fields are the columns it sets', async () => {
    await setColumns(db.kysely, 'prepared-c', { value: '5', key: undefined })
    await setColumns(db.kysely, 'prepared-c', { key: 'prepared-e', value: '6' })
    await setColumns(db.kysely, 'prepared-d', { value: '8' })
    expect(await valueOf(db.kysely, 'prepared-c')).toEqual([])
    expect(await valueOf(db.kysely, 'prepared-e')).toEqual([{ value: '6' }])
    expect(await valueOf(db.kysely, 'prepared-d')).toEqual([{ value: '8' }])
  })
})
