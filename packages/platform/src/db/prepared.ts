import type { CompiledQuery, Compilable, Kysely } from 'kysely'
import type { Schema } from './schema.js'

interface Entry {
  compiled: CompiledQuery
  /** For each parameter of `compiled`: the index of the argument it takes, or -1 (a constant). */
  slots: number[]
}

/** Runs a compiled query at once and gives its rows, or `undefined` to leave it to Kysely. */
export type DirectRun = (query: CompiledQuery) => unknown[] | undefined

const directRuns = new WeakMap<object, DirectRun>()

/**
 * Lets {@link prepared} queries on `db` (a Kysely instance or transaction) go straight to `run`
 * (SQLite, whose driver is synchronous: the same SQL on the same connection as Kysely would use,
 * without its asynchronous steps), or stops it (`undefined`).
 */
export function runDirectly(db: Kysely<any>, run: DirectRun | undefined): void {
  if (run) directRuns.set(db, run)
  else directRuns.delete(db)
}

/**
 * A fixed-shape query compiled to SQL once per dialect instead of on every call (Kysely compiles a
 * builder anew each time, a visible cost on hot paths). `build` is called once with a placeholder
 * for each argument; each must end up as a bound parameter (checked: never interpolated into the
 * SQL), and later calls bind the real arguments in their place. Only for queries whose shape does
 * not depend on the arguments (no `in` lists, no optional clauses). Works inside a transaction
 * (`trx` shares its database's dialect). Only compiled SQL is cached, never data. On SQLite it runs
 * at once ({@link runDirectly}): a read outside a transaction on the reader connection, any
 * statement of a transaction on the writer — so, unlike Kysely's queries, in the order called
 * even when not awaited one by one.
 *
 * @example
 * const productById = prepared((db, id: string) =>
 *   db.selectFrom('products').selectAll().where('id', '=', id),
 * )
 * const rows = await productById(db, 'p1')
 */
export function prepared<A extends unknown[], R>(
  build: (db: Kysely<Schema>, ...args: A) => Compilable<R>,
): (db: Kysely<Schema>, ...args: A) => Promise<R[]> {
  const cache = new WeakMap<object, Entry>()
  return async (db, ...args) => {
    const key = db.getExecutor().adapter
    let entry = cache.get(key)
    if (!entry) {
      const markers = args.map((_, index) => `\u0000vitrine-prepared-${index}\u0000`)
      const compiled = build(db, ...(markers as A)).compile()
      const slots = compiled.parameters.map((value) => markers.indexOf(value as string))
      if (compiled.sql.includes('\u0000') || markers.some((_, index) => !slots.includes(index)))
        throw new Error('prepared: every argument must be a bound parameter')
      entry = { compiled, slots }
      cache.set(key, entry)
    }
    const { compiled, slots } = entry
    const parameters = compiled.parameters.map((value, index) => {
      const slot = slots[index]!
      return slot < 0 ? value : args[slot]
    })
    const query = { ...compiled, parameters } as CompiledQuery<R>
    const rows = directRuns.get(db)?.(query)
    if (rows) return rows as R[]
    const result = await db.executeQuery<R>(query)
    return result.rows
  }
}
