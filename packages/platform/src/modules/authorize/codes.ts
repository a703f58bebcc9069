import type { Kysely } from 'kysely'
import { issueSecret } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'

/** How long an authorization code may wait to be exchanged: 10 minutes. */
export const CODE_TTL_SECONDS = 10 * 60

/** What an authorization code is bound to. */
export interface CodeBinding {
  clientId: string
  redirectUri: string
  codeChallenge: string
  identityId: string
  /** The `auth` redirect session of the flow (its creator is the visitor who signs in). */
  sessionId?: string
}

/**
 * A new single-use authorization code for `binding`, valid {@link CODE_TTL_SECONDS} (stored
 * hashed). Run it in the transaction that spends what the code stands for (the session token).
 */
export async function issueAuthorizationCode(
  db: Kysely<Schema>,
  binding: CodeBinding,
): Promise<string> {
  const columns = {
    client_id: binding.clientId,
    redirect_uri: binding.redirectUri,
    code_challenge: binding.codeChallenge,
    identity_id: binding.identityId,
    refresh_token_id: null,
    redirect_session_id: binding.sessionId ?? null,
  }
  const options = { ttlSeconds: CODE_TTL_SECONDS }
  return (await issueSecret(db, 'authorization_codes', columns, options)).value
}
