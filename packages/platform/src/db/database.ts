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
  if (isPostgresUrl(url)) {
    const kysely = new Kysely<Schema>({ dialect: postgresDialect(url) })
    const { host, pathname } = new URL(url)
    return {
      kysely,
      dialect: 'postgres',
      description: `postgres ${host}${pathname}`,
      destroy: () => kysely.destroy(),
    }
  }
  const path = sqlitePath(url)
  const kysely = new Kysely<Schema>({ dialect: sqliteDialect(sqliteDriver(path)) })
  return {
    kysely,
    dialect: 'sqlite',
    description: `sqlite ${path}`,
    destroy: () => kysely.destroy(),
  }
}
