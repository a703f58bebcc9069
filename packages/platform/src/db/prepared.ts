import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Schema } from './schema.js'

/** Stands for argument `arg` (or its item or field `at`) while a prepared query compiles. */
class Slot {
  constructor(
    readonly arg: number,
    readonly at?: number | string,
  ) {}
}

/** The parts of an argument that are values: a list's items, a plain record's defined fields. */
function partsOf(arg: unknown): (number | string)[] | null {
  if (Array.isArray(arg)) return arg.map((_, index) => index)
  if (typeof arg !== 'object' || arg === null || Object.getPrototypeOf(arg) !== Object.prototype)
    return null
  return Object.entries(arg).flatMap(([key, value]) => (value === undefined ? [] : [key]))
}

/**
 * A query that Kysely builds and compiles once per database (and shape of its arguments: a list's
 * length, a record's fields), then runs with each call's arguments: for the hottest statements,
 * whose building and compiling cost more than SQLite takes to run them. `build` must use its
 * arguments only as values (`where(…, '=', id)`, `where(…, 'in', ids)`, `set(columns)`).
 */
export function prepared<A extends unknown[], R>(
  build: (db: Kysely<Schema>, ...args: A) => Compilable<R>,
): (db: Kysely<Schema>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>()
  return async (db, ...args) => {
    const { adapter } = db.getExecutor()
    let queries = compiled.get(adapter)
    if (!queries) compiled.set(adapter, (queries = new Map()))
    const parts = args.map(partsOf)
    const shape = JSON.stringify(parts)
    let query = queries.get(shape)
    if (!query) {
      const slots = args.map((arg, index) => {
        const at = parts[index]
        if (!at) return new Slot(index)
        if (Array.isArray(arg)) return at.map((item) => new Slot(index, item))
        return Object.fromEntries(at.map((key) => [key, new Slot(index, key)]))
      })
      queries.set(shape, (query = build(db, ...(slots as A)).compile()))
    }
    const parameters = query.parameters.map((value) => {
      if (!(value instanceof Slot)) return value
      const arg = args[value.arg]
      return value.at === undefined ? arg : (arg as Record<number | string, unknown>)[value.at]
    })
    return (await db.executeQuery<R>({ ...query, parameters })).rows
  }
}
