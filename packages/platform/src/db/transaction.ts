import { Kysely, PostgresAdapter, type SelectQueryBuilder, type Transaction } from 'kysely'
import type { Database } from './database.js'
import type { Schema } from './schema.js'

/** What a transaction's callback gets: a Kysely bound to the transaction's connection. */
export type Tx = Transaction<Schema>

/** PostgreSQL errors after which the whole transaction can simply run again. */
const RETRYABLE = new Set(['40001', '40P01']) // serialization_failure, deadlock_detected
const ATTEMPTS = 3

/**
 * Runs `fn` in one transaction: every statement of a multi-statement write goes through it, so a
 * write is all or nothing.
 *
 * - SQLite: `BEGIN IMMEDIATE` on the one writer connection: transactions run one after another
 *   (the others wait their turn), so read-modify-write inside `fn` needs no lock.
 * - PostgreSQL: a `READ COMMITTED` transaction on its own pooled connection. Concurrent writers to
 *   one aggregate (a cart) must lock its row first with {@link forUpdate}; then every later read in
 *   `fn` sees the latest committed state. A serialization failure or deadlock re-runs `fn` (up to
 *   3 times), so `fn` must only touch the database — emit events by inserting rows through `trx`.
 *
 * Never call `transaction` (or use `db.kysely`) inside `fn`: use `trx`. On SQLite a nested call
 * waits for the transaction `fn` is part of, forever, and a read through `db.kysely` does not see
 * what `fn` wrote. Keep `fn` to database work: on SQLite every other writer waits while it runs.
 *
 * @example
 * const cart = await transaction(db, async (trx) => {
 *   const row = await forUpdate(db, trx.selectFrom('carts').selectAll().where('id', '=', id))
 *     .executeTakeFirst()
 *   await trx.updateTable('carts').set({ ... }).where('id', '=', id).execute()
 *   return row
 * })
 */
export async function transaction<T>(db: Database, fn: (trx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().execute(fn)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (attempt >= ATTEMPTS || !RETRYABLE.has(String(code))) throw error
    }
  }
}

/**
 * `SELECT … FOR UPDATE` on PostgreSQL (locks the selected rows until the transaction ends);
 * unchanged on SQLite, where the transaction already holds the database's write lock. `on`: the
 * database, or the transaction (`trx`), which knows its engine.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  on: Database | Kysely<Schema>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  const postgres =
    on instanceof Kysely
      ? on.getExecutor().adapter instanceof PostgresAdapter
      : on.dialect === 'postgres'
  return postgres ? query.forUpdate() : query
}
