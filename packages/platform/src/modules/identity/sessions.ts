import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { newSecret, sha256 } from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'

/** How long a session token may wait to be exchanged: 10 minutes. */
export const SESSION_TOKEN_TTL_SECONDS = 10 * 60

/**
 * The key a session token is stored and looked up under: the SHA-256 of the value, or — for a
 * token bound to OAuth client `clientId` — of the client id and the value together. A bound
 * token is therefore found (and spent) only when the same client presents it: another client, or
 * a caller that names no client, finds nothing.
 */
export const sessionTokenKey = (token: string, clientId: string | null): string =>
  sha256(clientId === null ? token : `${clientId}\n${token}`)

/**
 * A new session token for member `identityId`: the proof of a successful login that the client
 * exchanges once for member tokens (an authorization code of the hosted authorize page, or the
 * `authorized_client` grant). Bound to `clientId`, the OAuth client of the call that logged in
 * (`null` for a caller without one, e.g. `sign-on` with an API key): see {@link sessionTokenKey}.
 * Stored hashed; expired rows are swept as new ones are issued.
 */
export async function issueSessionToken(
  db: Kysely<Schema>,
  identityId: string,
  clientId: string | null,
): Promise<string> {
  const value = newSecret()
  const now = new Date()
  await db
    .deleteFrom('member_sessions')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000).toISOString())
    .execute()
  await db
    .insertInto('member_sessions')
    .values({
      id: randomUUID(),
      identity_id: identityId,
      token_hash: sessionTokenKey(value, clientId),
      created_date: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TOKEN_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    })
    .execute()
  return value
}

/**
 * Spends session token `token` of OAuth client `clientId` (`null`: a token bound to no client, as
 * `sign-on` issues): see {@link spendSessionToken}.
 *
 * @example
 * const identityId = await consumeSessionToken(trx, body.sessionToken)
 * if (!identityId) throw invalidGrant('The session token is invalid or expired')
 */
export const consumeSessionToken = (
  db: Kysely<Schema>,
  token: string,
  clientId: string | null = null,
): Promise<string | undefined> => spendSessionToken(db, sessionTokenKey(token, clientId))

/**
 * Spends the session token stored under `key` ({@link sessionTokenKey}): marks it used, in one
 * statement, and returns its member's identity id — or `undefined` when it is unknown (or bound
 * to another client), expired, revoked, already used, or its member is no longer allowed in
 * (blocked or deleted). Exactly one caller can ever spend a token, even concurrently. Run it in
 * the transaction that issues what the token buys (an authorization code, member tokens), so a
 * failure there leaves the token unspent.
 */
export async function spendSessionToken(
  db: Kysely<Schema>,
  key: string,
): Promise<string | undefined> {
  const now = new Date().toISOString()
  const spent = await db
    .updateTable('member_sessions')
    .set({ used_at: now })
    .where('token_hash', '=', key)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('identity_id')
    .executeTakeFirst()
  if (!spent) return undefined
  const member = await db
    .selectFrom('members')
    .select('status')
    .where('identity_id', '=', spent.identity_id)
    .executeTakeFirst()
  return member && member.status !== 'BLOCKED' && member.status !== 'DELETED'
    ? spent.identity_id
    : undefined
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
  const now = new Date().toISOString()
  await db
    .updateTable('member_sessions')
    .set({ revoked_at: now })
    .where('identity_id', '=', identityId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  if (options.keepTokens) return
  await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('identity_id', '=', identityId)
    .where('revoked_at', 'is', null)
    .execute()
}
