/**
 * A platform session: the hosted pages' own sign-in, kept in an HttpOnly cookie so that a later
 * `prompt=none` signs the member in silently. Stored by the SHA-256 of the cookie's value.
 */
export interface PlatformSessionsTable {
  id: string
  token_hash: string
  identity_id: string
  created_date: string
  expires_at: string
  /** Set by a logout (or when the member's sessions are ended). */
  revoked_at: string | null
}

/** The hosted pages' part of the database schema. */
export interface HostedPagesTables {
  platform_sessions: PlatformSessionsTable
}
