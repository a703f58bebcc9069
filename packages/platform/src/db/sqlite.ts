import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
  type Kysely,
} from 'kysely'
import { SqliteConnection, SqliteDriver } from './sqlite-driver.js'

/** The file of a SQLite URL: `sqlite:<path>`, `sqlite://<path>`, `sqlite::memory:` or a path. */
export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '')
}

/**
 * A connection to `file` with the platform's settings: WAL journal, `synchronous=NORMAL` (in WAL
 * mode a committed transaction survives the process being killed; only an OS crash or power loss
 * may lose the last ones), foreign keys on, and a 5 s busy timeout for other processes on the file.
 * SQLite checkpoints the WAL by itself (`wal_autocheckpoint`, 1000 pages by default): the commit
 * that passes the threshold copies the WAL back into the database file.
 */
function connect(file: string): SqliteConnection {
  const db = new BetterSqlite3(file)
  if (file !== ':memory:') db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return new SqliteConnection(db)
}

/**
 * The driver of the SQLite database at `path` (created with its directory when missing): a
 * writer connection and, for a file, a reader connection (see {@link SqliteDriver}).
 */
export function sqliteDriver(path: string): SqliteDriver {
  if (path === ':memory:' || path === '') return new SqliteDriver(connect(':memory:'))
  mkdirSync(dirname(path), { recursive: true })
  // The writer creates the file and switches it to WAL before the reader opens it.
  const writer = connect(path)
  return new SqliteDriver(writer, connect(path))
}

/**
 * Kysely's SQLite adapter, saying that the driver has more than one connection: a writer that
 * transactions hold, and a reader for everything else. (Kysely's own says one from 0.29 on, and
 * would then queue every read behind an open transaction.)
 */
class TwoConnectionAdapter extends SqliteAdapter {
  get supportsMultipleConnections(): boolean {
    return true
  }
}

/** A Kysely dialect over `driver` (one per Kysely instance). */
export function sqliteDialect(driver: SqliteDriver): Dialect {
  return {
    createAdapter: () => new TwoConnectionAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  }
}
