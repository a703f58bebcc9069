import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { Intent, StoredRedirectSession } from './schema.js'

/** A stored redirect session, as the hosted flows read it. */
export interface RedirectSession {
  id: string
  /** The create request, with an `auth` request's session token replaced by its key. */
  request: StoredRedirectSession
  /** The client whose token created it, and who that token stood for (when known). */
  clientId: string | null
  identityId: string | null
  /** Whether its 30 minutes have not passed. */
  live: boolean
}

/**
 * Redirect session `id` of `intent`, live or expired (`live` says), or nothing for an id that is
 * not one (any string is safe to pass: ids are at most 64 characters).
 */
export async function loadRedirectSession(
  db: Kysely<Schema>,
  id: unknown,
  intent: Intent,
): Promise<RedirectSession | undefined> {
  if (typeof id !== 'string' || !id || id.length > 64) return undefined
  const row = await db
    .selectFrom('redirect_sessions')
    .select(['request', 'client_id', 'identity_id', 'expires_at'])
    .where('id', '=', id)
    .where('intent', '=', intent)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id,
    request: JSON.parse(row.request) as StoredRedirectSession,
    clientId: row.client_id,
    identityId: row.identity_id,
    live: row.expires_at > new Date().toISOString(),
  }
}
