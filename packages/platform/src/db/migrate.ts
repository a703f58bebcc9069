import { Migrator } from 'kysely'
import type { Database } from './database.js'
import { migrations } from './migrations/index.js'

/**
 * Runs every migration that has not run yet (Kysely's migrator: its lock table makes concurrent
 * starts of several instances safe). Throws the first failure.
 */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}
