import { createHash, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  consumeSecret,
  hasExpired,
  issueSecret,
  revokeSecrets,
  secretHash,
} from '../../auth/secrets.js'
import { issueTokens } from '../../auth/tokens.js'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { mergeVisitorCart } from '../cart/index.js'
import { memberMayEnter } from '../identity/index.js'
import { loadRedirectSession } from '../redirects/index.js'
import type { AuthFlow } from './authorize.js'
import type { TokenResponse } from './schema.js'
import { answer } from './service.js'

/*
 * Authorization codes (OAuth 2.0 with PKCE S256): issued by the authorize endpoint
 * (`authorize.ts`) to a member who signed in, redeemed once by the `authorization_code` grant of
 * `POST /oauth2/token`.
 */

/** How long an authorization code may wait to be exchanged: 10 minutes. */
export const CODE_TTL_SECONDS = 10 * 60

/**
 * A new single-use authorization code of `flow` for member `identityId`, valid
 * {@link CODE_TTL_SECONDS} (stored hashed), bound to the flow's client, redirect URI and code
 * challenge, and to its `auth` redirect session (whose creator is the visitor who signs in). Run
 * it in the transaction that spends what the code stands for (the session token).
 */
export async function issueAuthorizationCode(
  db: Kysely<Schema>,
  flow: AuthFlow,
  identityId: string,
): Promise<string> {
  const { clientId, redirectUri, codeChallenge } = flow.request
  const columns = {
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: codeChallenge,
    identity_id: identityId,
    refresh_token_id: null,
    redirect_session_id: flow.sessionId,
  }
  const options = { ttlSeconds: CODE_TTL_SECONDS }
  return (await issueSecret(db, 'authorization_codes', columns, options)).value
}

/** The fields of an `authorization_code` token request. */
export interface AuthorizationCodeRequest {
  clientId: string
  redirectUri: string
  code: string
  codeVerifier: string
}

/** RFC 7636: 43–128 characters of `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"`. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** Whether `base64url(sha256(verifier))` is `challenge`, compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}

/**
 * Exchanges the code or says why not. A code presented again revokes the tokens it issued; that
 * revocation commits, so a refusal is returned rather than thrown.
 */
async function exchange(
  ctx: PlatformContext,
  trx: Tx,
  request: AuthorizationCodeRequest,
): Promise<TokenResponse | string> {
  const key = secretHash(request.code)
  // Found whatever its state, to say why it is refused.
  const row = await trx
    .selectFrom('authorization_codes')
    .selectAll()
    .where('token_hash', '=', key)
    .executeTakeFirst()
  if (!row) return 'The authorization code is unknown'
  const reused = async () => {
    const spent = await trx
      .selectFrom('authorization_codes')
      .select('refresh_token_id')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    // Its access tokens die with it.
    if (spent.refresh_token_id) await revokeSecrets(trx, 'tokens', 'id', spent.refresh_token_id)
    return 'The authorization code was already used: the tokens it issued are revoked'
  }
  if (row.used_at) return reused()
  if (row.client_id !== request.clientId) return 'The authorization code is of another client'
  if (row.redirect_uri !== request.redirectUri)
    return 'The redirect URI is not the one of the authorization request'
  if (hasExpired(row)) return 'The authorization code has expired'
  if (!pkceMatches(request.codeVerifier, row.code_challenge))
    return 'The code verifier does not match the code challenge'
  if (!(await memberMayEnter(trx, row.identity_id, row.created_date)))
    return 'The member may not sign in, or was signed out since'

  // Exactly one request can claim the code, even concurrently; the loser is a reuse.
  if (!(await consumeSecret(trx, 'authorization_codes', key))) return reused()
  const tokens = await issueTokens(trx, row.identity_id, row.client_id, ctx.config)
  await trx
    .updateTable('authorization_codes')
    .set({ refresh_token_id: tokens.refreshTokenId })
    .where('id', '=', row.id)
    .execute()
  // The visitor who started the sign-in (the redirect session's caller) keeps their cart.
  const session = await loadRedirectSession(trx, row.redirect_session_id, 'auth')
  const visitorId = session?.identityId
  if (visitorId) await mergeVisitorCart(ctx, trx, { visitorId, memberId: row.identity_id })
  return answer(ctx, tokens)
}

/**
 * `authorization_code` (PKCE S256): member tokens for a code of the hosted authorize page. The
 * code must exist, be unused and unexpired, be of `clientId` and `redirectUri`, and
 * `base64url(sha256(codeVerifier))` must be its challenge; it is spent in the transaction that
 * issues the tokens. A second use fails and revokes the tokens of the first. In that same
 * transaction, the cart of the visitor who started the sign-in (the creator of the code's `auth`
 * redirect session) is merged into the member's (`mergeVisitorCart`).
 *
 * @throws 400 `INVALID_GRANT` on any failure (the reason is in the description, never the code).
 */
export async function authorizationCodeGrant(
  ctx: PlatformContext,
  request: AuthorizationCodeRequest,
): Promise<TokenResponse> {
  const result = VERIFIER.test(request.codeVerifier)
    ? await transaction(ctx.db, (trx) => exchange(ctx, trx, request))
    : 'The code verifier must be 43 to 128 characters of [A-Za-z0-9-._~]'
  if (typeof result === 'string') throw PlatformError.application(400, 'INVALID_GRANT', result)
  return result
}
