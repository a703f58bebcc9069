import type { SecretColumns } from '../../auth/secrets.js'

/**
 * A platform session: the hosted pages' own sign-in, kept in an HttpOnly cookie so that a later
 * `prompt=none` signs the member in silently. Revoked by a logout (or when the member's sessions
 * are ended).
 */
export interface PlatformSessionsTable extends SecretColumns {
  identity_id: string
}

/** The hosted pages' part of the database schema. */
export interface HostedPagesTables {
  platform_sessions: PlatformSessionsTable
}
