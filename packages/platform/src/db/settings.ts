import type { Kysely } from 'kysely'
import type { Schema } from './schema.js'

/** The value of setting `key` (`settings`, shared by every instance), if it is set. */
export async function readSetting(db: Kysely<Schema>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  return row?.value
}

/**
 * The value of setting `key`, set to `value()` first when it is unset (a generated secret, key or
 * id). Safe when several instances start at once: they all get the value that was stored first.
 */
export async function keepFirst(
  db: Kysely<Schema>,
  key: string,
  value: () => string | Promise<string>,
): Promise<string> {
  const existing = await readSetting(db, key)
  if (existing !== undefined) return existing
  await db
    .insertInto('settings')
    .values({ key, value: await value() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  // Another instance may have inserted first: everyone uses the row that won.
  return (await readSetting(db, key))!
}
