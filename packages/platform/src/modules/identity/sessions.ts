import type { Kysely } from 'kysely'
import { consumeSecret, issueSecret, revokeSecrets, type SecretKey } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'

/** How long a session token may wait to be exchanged: 10 minutes. */
export const SESSION_TOKEN_TTL_SECONDS = 10 * 60

/**
 * A new session token for member `identityId`: the proof of a successful login that the client
 * exchanges once for member tokens (an authorization code of the hosted authorize page, or the
 * `authorized_client` grant). Bound to `clientId`, the OAuth client of the call that logged in
 * (`null` for a caller without one, e.g. `sign-on` with an API key): only a call of the same
 * client can spend it (see `secretHash`).
 */
export async function issueSessionToken(
  db: Kysely<Schema>,
  identityId: string,
  clientId: string | null,
): Promise<string> {
  const options = { ttlSeconds: SESSION_TOKEN_TTL_SECONDS, binding: clientId }
  return (await issueSecret(db, 'member_sessions', { identity_id: identityId }, options)).value
}

/**
 * Spends the session token of `key` — `secretHash(token, clientId)`, with the OAuth client of the
 * call (`null`: a token bound to no client, as `sign-on` issues) — and returns its member's
 * identity id, or `undefined` when it is unknown (or bound to another client), expired, revoked,
 * already used, or its member is no longer allowed in (blocked or deleted). Exactly one caller
 * can ever spend a token, even concurrently. Run it in the transaction that issues what the token
 * buys (an authorization code, member tokens), so a failure there leaves the token unspent.
 *
 * @example
 * const identityId = await consumeSessionToken(trx, secretHash(body.sessionToken))
 * if (!identityId) throw invalidGrant('The session token is invalid or expired')
 */
export async function consumeSessionToken(
  db: Kysely<Schema>,
  key: SecretKey,
): Promise<string | undefined> {
  const spent = await consumeSecret(db, 'member_sessions', key)
  return spent && (await memberMayEnter(db, spent.identity_id)) ? spent.identity_id : undefined
}

/** Whether member `identityId` may sign in: it exists, and is neither blocked nor deleted. */
export async function memberMayEnter(db: Kysely<Schema>, identityId: string): Promise<boolean> {
  const member = await db
    .selectFrom('members')
    .select('status')
    .where('identity_id', '=', identityId)
    .executeTakeFirst()
  return !!member && member.status !== 'BLOCKED' && member.status !== 'DELETED'
}

/**
 * Ends everything a member is signed in with: unspent session tokens, and (unless `keepTokens`)
 * every refresh token with its access tokens. For logout, password changes and blocking.
 */
export async function revokeMemberSessions(
  db: Kysely<Schema>,
  identityId: string,
  options: { keepTokens?: boolean } = {},
): Promise<void> {
  await revokeSecrets(db, 'member_sessions', 'identity_id', identityId)
  if (!options.keepTokens) await revokeSecrets(db, 'tokens', 'identity_id', identityId)
}
