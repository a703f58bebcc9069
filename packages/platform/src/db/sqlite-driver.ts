import type BetterSqlite3 from 'better-sqlite3'
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely'

/** A prepared statement of better-sqlite3. */
export type Statement = BetterSqlite3.Statement<unknown[], unknown>

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500

/**
 * A better-sqlite3 connection with a cache of prepared statements: Kysely prepares every query
 * anew, and preparing is a large part of a small query's cost.
 */
export class SqliteConnection {
  readonly #statements = new Map<string, Statement>()

  constructor(readonly raw: BetterSqlite3.Database) {}

  /** The prepared statement of `sql` (a new one while the cached one is iterating). */
  statement(sql: string): Statement {
    const statements = this.#statements
    let statement = statements.get(sql)
    if (statement && !statement.busy) statements.delete(sql)
    else statement = this.raw.prepare(sql)
    statements.set(sql, statement)
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
    return statement
  }

  /** Runs `query` to completion, as Kysely's own SQLite connection does. */
  run(
    query: CompiledQuery,
    statement: Statement = this.statement(query.sql),
  ): QueryResult<unknown> {
    const parameters = query.parameters as unknown[]
    if (statement.reader) return { rows: statement.all(parameters) }
    const { changes, lastInsertRowid } = statement.run(parameters)
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] }
  }

  close(): void {
    this.#statements.clear()
    this.raw.close()
  }
}

const RESOLVED = Promise.resolve()

/** A mutual-exclusion lock that serves waiters in arrival order and wakes one at a time. */
class Lock {
  #held = false
  readonly #waiters: (() => void)[] = []

  get held(): boolean {
    return this.#held
  }

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return RESOLVED
    }
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  release(): void {
    const next = this.#waiters.shift()
    if (next) next()
    else this.#held = false
  }
}

/**
 * What Kysely gets for each query or transaction. Outside a transaction a read runs at once on
 * the reader connection; a write waits for the writer between transactions. Once Kysely begins a
 * transaction on it, every statement runs on the writer, which it holds until commit or rollback.
 */
class SqliteSession implements DatabaseConnection {
  inTransaction = false

  constructor(readonly driver: SqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      if (this.inTransaction)
        return Promise.resolve(this.driver.writer.run(query) as QueryResult<R>)
      return this.driver.autocommit(query) as Promise<QueryResult<R>>
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; the platform never streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite driver does not stream queries')
  }
}

/**
 * A Kysely driver over two better-sqlite3 connections to one file: a writer and a reader.
 *
 * SQLite has one writer. Transactions run on the writer one at a time, each holding it from
 * `BEGIN IMMEDIATE` (which also takes the file's write lock, so a second process waits on
 * `busy_timeout` instead of failing half-way) to `COMMIT`/`ROLLBACK`; the others wait their turn
 * in arrival order, and a write outside a transaction waits likewise. A statement outside a
 * transaction runs at once on the writer when no transaction holds it (its page cache is current,
 * while the reader's is dropped after every write); during a transaction a read (a read-only
 * statement) runs at once on the reader: in WAL mode it sees the last committed state and never
 * waits for the transaction — which it must not see anyway. better-sqlite3 is synchronous, so a
 * statement is never interrupted by another. An in-memory database has no second connection:
 * there reads wait for the writer like writes.
 */
export class SqliteDriver implements Driver {
  readonly #lock = new Lock()
  readonly #reader: SqliteConnection | undefined

  constructor(
    readonly writer: SqliteConnection,
    reader?: SqliteConnection,
  ) {
    this.#reader = reader
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteSession(this)
  }

  /** Runs `query` outside any transaction: on the writer when free, else a read on the reader. */
  autocommit(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (!this.#lock.held) return Promise.resolve(this.writer.run(query))
    const reader = this.#reader
    if (reader) {
      // Preparing tells whether it only reads (a write stays cached, unused, on the reader).
      const statement = reader.statement(query.sql)
      if (statement.readonly) return Promise.resolve(reader.run(query, statement))
    }
    return this.#lock.acquire().then(() => {
      try {
        return this.writer.run(query)
      } finally {
        this.#lock.release()
      }
    })
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as SqliteSession
    await this.#lock.acquire()
    try {
      this.writer.run(CompiledQuery.raw('begin immediate'))
    } catch (error) {
      this.#lock.release()
      throw error
    }
    session.inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT leaves the transaction open: Kysely rolls it back next.
    this.writer.run(CompiledQuery.raw('commit'))
    this.#end(connection as SqliteSession)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // SQLite may have rolled back already (some errors end the transaction).
      if (this.writer.raw.inTransaction) this.writer.run(CompiledQuery.raw('rollback'))
    } finally {
      this.#end(connection as SqliteSession)
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Only after a transaction whose commit and rollback both failed.
    if ((connection as SqliteSession).inTransaction) await this.rollbackTransaction(connection)
  }

  async destroy(): Promise<void> {
    this.#reader?.close()
    this.writer.close()
  }

  #end(session: SqliteSession): void {
    if (!session.inTransaction) return
    session.inTransaction = false
    this.#lock.release()
  }
}
