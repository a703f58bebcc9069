import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { newSecret, sha256 } from '../../auth/secrets.js'
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
 * A new single-use authorization code for `binding`, valid {@link CODE_TTL_SECONDS}. Stored
 * hashed; codes expired for a day are swept as new ones are issued. Run it in the transaction that
 * spends what the code stands for (the session token).
 */
export async function issueAuthorizationCode(
  db: Kysely<Schema>,
  binding: CodeBinding,
): Promise<string> {
  const value = newSecret()
  const now = new Date()
  await db
    .deleteFrom('authorization_codes')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000).toISOString())
    .execute()
  await db
    .insertInto('authorization_codes')
    .values({
      id: randomUUID(),
      code_hash: sha256(value),
      client_id: binding.clientId,
      redirect_uri: binding.redirectUri,
      code_challenge: binding.codeChallenge,
      identity_id: binding.identityId,
      created_date: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
      refresh_token_id: null,
      redirect_session_id: binding.sessionId ?? null,
    })
    .execute()
  return value
}
