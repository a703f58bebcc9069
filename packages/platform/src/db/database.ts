import { Kysely } from 'kysely'
import { postgresDialect } from './postgres.js'
import type { Schema } from './schema.js'
import { sqliteDialect, sqliteDriver, sqlitePath } from './sqlite.js'

/** The SQL engine behind a {@link Database}. */
export type DialectName = 'sqlite' | 'postgres'

/** The platform's database: one Kysely instance and which engine it speaks to. */
export interface Database {
  readonly kysely: Kysely<Schema>
  readonly dialect: DialectName
  /** Where it is, without credentials (for the start banner). */
  readonly description: string
  /** Closes every connection. */
  destroy(): Promise<void>
}

/** True for a PostgreSQL URL (`postgres://…` or `postgresql://…`). */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url)

/**
 * Opens the database of `url`: PostgreSQL for `postgres://…`, SQLite (better-sqlite3) for
 * anything else — `sqlite:<path>`, `sqlite::memory:` or a plain file path. Run
 * {@link migrateToLatest} before use.
 *
 * @example
 * const db = createDatabase('sqlite:.data/platform.db')
 * await migrateToLatest(db)
 */
export function createDatabase(url: string): Database {
  const postgres = isPostgresUrl(url)
  const path = sqlitePath(url)
  const kysely = new Kysely<Schema>({
    dialect: postgres ? postgresDialect(url) : sqliteDialect(sqliteDriver(path)),
  })
  const where = postgres ? new URL(url) : undefined
  return {
    kysely,
    dialect: postgres ? 'postgres' : 'sqlite',
    description: where ? `postgres ${where.host}${where.pathname}` : `sqlite ${path}`,
    destroy: () => kysely.destroy(),
  }
}
