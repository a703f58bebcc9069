import { PlatformError } from '../http/platform-error.js'

/** The messages of the limits SQLite, PostgreSQL's parser and its wire protocol put on a statement. */
const ENGINE_LIMIT =
  /too large|too many|too complex|too big|recursion limit|stack overflow|memory exhausted|bind message has/i

/**
 * A database error that the request caused, as the error the client should get; `undefined` for
 * anything else (a bug or an outage: a 500). A safety net only: modules validate input first.
 * - PostgreSQL class 22 (a value the column cannot hold, a NUL byte in text) and 54000 (a value
 *   too large to index) → 400;
 * - a unique-key violation, on either engine → 409;
 * - SQLite's "string or blob too big" → 400;
 * - a statement past an engine's limits (PostgreSQL class 54; SQLite's, and PostgreSQL's parser's
 *   and protocol's, by their message: too deep, too many parameters) → 400.
 */
export function fromDatabaseError(error: unknown): PlatformError | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  const message = String((error as { message?: unknown } | undefined)?.message ?? '')
  if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000' || code === 'SQLITE_TOOBIG')
    return new PlatformError(400, 'A value of the request cannot be stored')
  if (
    code.startsWith('54') ||
    (['SQLITE_ERROR', '42601', '08P01'].includes(code) && ENGINE_LIMIT.test(message))
  )
    return new PlatformError(400, 'The request is too large or too complex to run')
  if (isUniqueViolation(error))
    return new PlatformError(409, 'An entity with the same key already exists')
  return undefined
}

/** A unique-key violation, on either engine (e.g. two registrations of one e-mail at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '')
  return ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(code)
}
