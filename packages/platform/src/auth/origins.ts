import type { Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'

/**
 * Whether a browser page of `origin` may call the platform: an origin of `configured` (the
 * storefront's, read once at start) or of any OAuth client in the database.
 */
export function originChecker(
  db: Kysely<Schema>,
  configured: readonly string[],
): (origin: string) => Promise<boolean> {
  const known = new Set(configured)
  return async (origin) =>
    known.has(origin) ||
    !!(await db
      .selectFrom('oauth_client_origins')
      .select('origin')
      .where('origin', '=', origin)
      .executeTakeFirst())
}
