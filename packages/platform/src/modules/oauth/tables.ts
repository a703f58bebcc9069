import type { SecretColumns } from '../../auth/secrets.js'

/** A single-use authorization code of the hosted authorize page. */
export interface AuthorizationCodesTable extends SecretColumns {
  client_id: string
  /** The exact redirect URI of the authorization request: the token request must repeat it. */
  redirect_uri: string
  /** The PKCE S256 challenge: `base64url(sha256(verifier))`. */
  code_challenge: string
  /** The member the code signs in. */
  identity_id: string
  /** The refresh token issued for it: revoked if the code is presented again. */
  refresh_token_id: string | null
  /** The `auth` redirect session it was issued for: who started the sign-in (migration 0011). */
  redirect_session_id: string | null
}

/**
 * The oauth module's part of the database schema. The platform sessions behind its session
 * cookie are identity's (`platform_sessions`, in identity's `tables.ts`).
 */
export interface OAuthTables {
  authorization_codes: AuthorizationCodesTable
}
