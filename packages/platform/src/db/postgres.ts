import pg from 'pg'
import { PostgresDialect } from 'kysely'

const INT8 = 20
const NUMERIC = 1700

/**
 * SQLite returns numbers for `count(*)` and numeric columns; node-postgres returns strings for
 * `int8` and `numeric`. Parse them to numbers here so module code reads the same values on both
 * dialects (instants are text in our schema, so no date parsing is involved).
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** A Kysely dialect over a `pg` pool for a `postgres://` URL. */
export function postgresDialect(url: string): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, types, max: 20 })
  // An idle connection that drops (server restart) must not crash the process: the pool replaces
  // it and the next query gets a new one.
  pool.on('error', () => {})
  return new PostgresDialect({ pool })
}
