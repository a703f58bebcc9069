import { PlatformError } from '../http/platform-error.js'

/**
 * A database error that the request caused, as the error the client should get; `undefined` for
 * anything else (a bug or an outage: a 500). A safety net only: modules validate input first.
 * - PostgreSQL class 22 (a value the column cannot hold, a NUL byte in text) and 54000 (a value
 *   too large to index) → 400;
 * - a unique-key violation, on either engine → 409;
 * - SQLite's "string or blob too big" → 400.
 */
export function fromDatabaseError(error: unknown): PlatformError | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000' || code === 'SQLITE_TOOBIG')
    return new PlatformError(400, 'A value of the request cannot be stored')
  if (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
    return new PlatformError(409, 'An entity with the same key already exists')
  return undefined
}
