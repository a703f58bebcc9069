/*
 * What a login leads to: the state machine's next step (wire contract §5.3), the state tokens that
 * continue a pending flow, the session tokens a successful one issues (exchanged once for member
 * tokens), and signing out everywhere (`v1/logout`, the hosted logout, a password reset, a block).
 */
import type { Kysely } from 'kysely'
import type { CallerIdentity } from '../../auth/caller.js'
import {
  consumeSecret,
  findSecret,
  issueSecret,
  revokeSecrets,
  secretHash,
  type SecretKey,
  type SecretRow,
} from '../../auth/secrets.js'
import type { Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { messagePage, newNonce, pagePolicy, renderPage } from '../../http/page.js'
import { requireAllowedRedirect } from '../redirects/index.js'
import type { IdentityContext } from './identity-context.js'
import {
  memberMayEnter,
  reasonsOf,
  wireIdentity,
  type Member,
  type WireIdentity,
} from './members.js'
import { revokePlatformSessions } from './platform-sessions.js'
import type { AuthStatePurpose } from './tables.js'
import { issueCode } from './verification.js'

/** The states of the login and registration state machine (wire contract §5.3). */
export type MachineState =
  'SUCCESS' | 'REQUIRE_OWNER_APPROVAL' | 'REQUIRE_EMAIL_VERIFICATION' | 'STATUS_CHECK'

/** What login, register, verify, recover and proceed answer. */
export interface StateMachineResponse {
  state: MachineState
  /** On `SUCCESS`: exchange it (once, within minutes) for member tokens. */
  sessionToken?: string
  /** On `REQUIRE_*`: continues the flow (`auth/verify`, `state/proceed`). */
  stateToken?: string
  identity?: WireIdentity
}

/**
 * The next step of a login or registration for `member` (wire contract §5.3), once its
 * credentials are proven:
 * - blocked or deleted → `STATUS_CHECK`;
 * - e-mail not verified yet (`PENDING_EMAIL_VERIFICATION_REQUIRED`) → `REQUIRE_EMAIL_VERIFICATION`
 *   with a `stateToken`, and a 6-digit code mailed;
 * - waiting for the owner (`PENDING_ADMIN_APPROVAL_REQUIRED`) → `REQUIRE_OWNER_APPROVAL` with a
 *   `stateToken` that `state/proceed` continues once approved;
 * - active → `SUCCESS` with a new `sessionToken`, bound to OAuth client `clientId` (the caller's:
 *   only that client can spend it, see `secretHash`).
 * `continuing` is the state token the call came with: kept while the member still waits for the
 * same step (no new code is mailed), closed once the flow moves on. Run it in the step's
 * transaction.
 */
export async function nextState(
  trx: Kysely<Schema>,
  member: Member,
  clientId: string | null,
  continuing?: IssuedState,
): Promise<StateMachineResponse> {
  const identity = await wireIdentity(trx, member)
  const purpose: AuthStatePurpose | undefined =
    member.status !== 'PENDING'
      ? undefined
      : reasonsOf(member).includes('PENDING_EMAIL_VERIFICATION_REQUIRED')
        ? 'EMAIL_VERIFICATION'
        : 'OWNER_APPROVAL'
  if (purpose && continuing?.state.purpose === purpose)
    return { state: `REQUIRE_${purpose}`, stateToken: continuing.token, identity }
  if (continuing) await finishState(trx, continuing.token)
  if (member.status === 'BLOCKED' || member.status === 'DELETED')
    return { state: 'STATUS_CHECK', identity }
  if (purpose) {
    const issued = await createState(trx, member.identity_id, purpose)
    if (purpose === 'EMAIL_VERIFICATION') await issueCode(trx, issued.state.id, member.email)
    return { state: `REQUIRE_${purpose}`, stateToken: issued.token, identity }
  }
  const sessionToken = await issueSessionToken(trx, member.identity_id, clientId)
  return { state: 'SUCCESS', sessionToken, identity }
}

/** A row of `auth_states`. */
export type AuthState = SecretRow<'auth_states'>

/** How long a state token continues its flow: an hour to verify, a week to be approved. */
const TTL_SECONDS: Record<AuthStatePurpose, number> = {
  EMAIL_VERIFICATION: 60 * 60,
  OWNER_APPROVAL: 7 * 24 * 60 * 60,
}

/** A state token with what its row says. */
export interface IssuedState {
  token: string
  state: Pick<AuthState, 'id' | 'purpose'>
}

/** A new state token of `purpose` for member `identityId` (stored hashed). */
export async function createState(
  db: Kysely<Schema>,
  identityId: string,
  purpose: AuthStatePurpose,
): Promise<IssuedState> {
  const binding = { identity_id: identityId, purpose }
  const { id, value } = await issueSecret(db, 'auth_states', binding, {
    ttlSeconds: TTL_SECONDS[purpose],
  })
  return { token: value, state: { id, purpose } }
}

/** The open (not finished, not expired) state of `token`, if any. */
export const findState = (db: Kysely<Schema>, token: string): Promise<AuthState | undefined> =>
  findSecret(db, 'auth_states', secretHash(token))

/** Closes the state of `token`: it no longer continues anything. */
export async function finishState(db: Kysely<Schema>, token: string): Promise<void> {
  await consumeSecret(db, 'auth_states', secretHash(token))
}

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
 * already used, or its member may not sign in (`memberMayEnter`). Exactly one caller can ever
 * spend a token, even concurrently. Run it in the transaction that issues what the token buys (an
 * authorization code, member tokens), so a failure there leaves the token unspent.
 *
 * @example
 * const identityId = await consumeSessionToken(trx, secretHash(body.sessionToken))
 * if (!identityId) throw invalidGrant('The session token is invalid or expired')
 */
export async function consumeSessionToken(trx: Tx, key: SecretKey): Promise<string | undefined> {
  const session = await findSecret(trx, 'member_sessions', key)
  // The member's row is locked before the token's, in the order a block takes them.
  if (!session || !(await memberMayEnter(trx, session.identity_id))) return undefined
  return (await consumeSecret(trx, 'member_sessions', key))?.identity_id
}

/**
 * Signs member `identityId` out everywhere: revokes their unspent session tokens, their platform
 * sessions (the hosted sign-in's cookies, which sign in silently) and every refresh token with
 * its access tokens, and marks the time, so that an authorization code issued before and not
 * redeemed yet is refused too (`memberMayEnter`). What `v1/logout`, the hosted logout, a password
 * reset and a block do. Run it in a transaction, so it happens whole or not at all.
 */
export async function signOutEverywhere(trx: Tx, identityId: string): Promise<void> {
  // What oauth issued to sign them in and is not redeemed yet (a code) is refused from now on.
  await trx
    .updateTable('members')
    .set({ signed_out_at: new Date().toISOString() })
    .where('identity_id', '=', identityId)
    .execute()
  await revokeSecrets(trx, 'member_sessions', 'identity_id', identityId)
  await revokePlatformSessions(trx, identityId)
  await revokeSecrets(trx, 'tokens', 'identity_id', identityId)
}

/** What `v1/logout` answers: an HTTP response for the caller to relay (wire contract §5.2). */
export interface LogoutResponse {
  /** Base64 of the response body. */
  body: string
  statusCode: number
  headers: { key: string; value: string }[]
}

/**
 * `v1/logout`: signs the calling member out everywhere ({@link signOutEverywhere}), then answers
 * a redirect to `postLogoutRedirectUri` — which must be on the client's allow-list — or a
 * "signed out" page. A visitor or no caller only gets the page.
 */
export async function logout(
  ctx: IdentityContext,
  caller: CallerIdentity | null,
  query: { postLogoutRedirectUri?: string; clientId?: string },
): Promise<LogoutResponse> {
  const clientId = query.clientId || ctx.config.clientId
  const target =
    query.postLogoutRedirectUri &&
    (await requireAllowedRedirect(
      ctx.db.kysely,
      clientId,
      query.postLogoutRedirectUri,
      'postLogoutRedirectUri',
    ))
  if (caller?.type === 'MEMBER')
    await transaction(ctx.db, (trx) => signOutEverywhere(trx, caller.id))
  const nonce = newNonce()
  const page = messagePage('Signed out', 'You are signed out.', { link: target })
  return {
    statusCode: target ? 302 : 200,
    headers: [
      ...(target ? [{ key: 'Location', value: target }] : []),
      { key: 'Content-Type', value: 'text/html; charset=utf-8' },
      { key: 'Cache-Control', value: 'no-store' },
      { key: 'Content-Security-Policy', value: pagePolicy(page, nonce) },
    ],
    body: Buffer.from(String(renderPage(page, nonce))).toString('base64'),
  }
}
