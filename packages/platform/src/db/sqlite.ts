import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely'

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500

/**
 * SQLite has one writer. Kysely already serialises every query of this process on its single
 * connection; `BEGIN IMMEDIATE` also takes the write lock at the start of a transaction, so a
 * second process on the same file waits (busy_timeout) instead of failing half-way through.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}

/** Kysely prepares every query anew; preparing is a large part of a small query's cost. */
function withStatementCache(db: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => db.close(),
    prepare(sql) {
      let statement = statements.get(sql)
      if (statement && !statement.busy) statements.delete(sql)
      else statement = db.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
      return statement
    },
  }
}

/** The file of a SQLite URL: `sqlite:<path>`, `sqlite://<path>`, `sqlite::memory:` or a path. */
export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '')
}

/**
 * A Kysely dialect over better-sqlite3 at `path` (created with its directory when missing): WAL
 * journal, `synchronous=NORMAL` (a committed write survives the process being killed), foreign
 * keys on, and a 5 s busy timeout for other processes on the file.
 */
export function sqliteDialect(path: string): SqliteDialect {
  const memory = path === ':memory:' || path === ''
  if (!memory) mkdirSync(dirname(path), { recursive: true })
  const db = new BetterSqlite3(memory ? ':memory:' : path)
  if (!memory) db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return new ImmediateSqliteDialect({ database: withStatementCache(db) })
}
