import type { PlatformConfig } from '../config.js'
import type { Database } from '../db/database.js'
import { transaction } from '../db/transaction.js'
import { demoSeeders } from './demo.js'
import { seedFoundation } from './foundation.js'

export { demoImage } from './demo-images.js'

const DEMO_SEEDED = 'demo_seeded'

/**
 * Brings the database in line with `config` after the migrations: the foundation always (see
 * `seedFoundation`), then the demo site once, if `config.seed` is `demo`. Each in one transaction;
 * the demo's marker row makes a second instance starting at the same time skip it. Returns the
 * admin key in effect.
 */
export async function seedDatabase(db: Database, config: PlatformConfig): Promise<string> {
  const adminKey = await transaction(db, (trx) => seedFoundation(trx, config))
  if (config.seed === 'demo')
    await transaction(db, async (trx) => {
      const { numInsertedOrUpdatedRows } = await trx
        .insertInto('settings')
        .values({ key: DEMO_SEEDED, value: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst()
      if (!numInsertedOrUpdatedRows) return
      for (const seed of demoSeeders) await seed(trx, config)
    })
  return adminKey
}
