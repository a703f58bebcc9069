import type { CallerIdentity } from '../../auth/caller.js'
import { createIdentity, findIdentity } from '../../auth/identities.js'
import { takeAttempt } from '../../auth/rate-limit.js'
import { secretHash } from '../../auth/secrets.js'
import {
  findRefreshToken,
  issueAccessToken,
  issueTokens,
  lookupAccessToken,
} from '../../auth/tokens.js'
import type { PlatformContext } from '../../context.js'
import type { IdentityType } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { consumeSessionToken, memberMayEnter } from '../identity/index.js'
import type { SubjectType, TokenInfo, TokenResponse } from './schema.js'

const invalidGrant = (description: string) =>
  PlatformError.application(400, 'INVALID_GRANT', description)

async function requireClient(ctx: PlatformContext, clientId: string): Promise<void> {
  const client = await ctx.db.kysely
    .selectFrom('oauth_clients')
    .select('id')
    .where('id', '=', clientId)
    .executeTakeFirst()
  if (!client)
    throw PlatformError.application(400, 'INVALID_CLIENT', `Unknown OAuth client "${clientId}"`)
}

/** The token endpoint's answer: `accessToken` with its lifetime, and `refreshToken`. */
export const answer = (
  ctx: PlatformContext,
  { accessToken, refreshToken }: { accessToken: string; refreshToken: string },
): TokenResponse => ({
  access_token: accessToken,
  expires_in: ctx.config.accessTokenTtlSeconds,
  refresh_token: refreshToken,
  token_type: 'Bearer',
})

/**
 * `anonymous`: a new visitor identity with its refresh and access tokens; at most
 * `visitorsPerMinute` per caller address (`remoteAddress`), else a 429 with `Retry-After`.
 */
export async function anonymousGrant(
  ctx: PlatformContext,
  clientId: string,
  remoteAddress: string,
): Promise<TokenResponse> {
  await requireClient(ctx, clientId)
  const rule = { name: 'visitor-address', max: ctx.config.visitorsPerMinute, windowSeconds: 60 }
  await takeAttempt(ctx.db.kysely, [{ rule, key: remoteAddress }])
  return transaction(ctx.db, async (trx) => {
    const visitor = await createIdentity(trx, 'ANONYMOUS_VISITOR')
    return answer(ctx, await issueTokens(trx, visitor.id, clientId, ctx.config))
  })
}

/**
 * `refresh_token`: a new access token for the refresh token's identity, while the refresh token
 * is live (`refreshTokenTtlSeconds` from its issue, not revoked: else 400 `INVALID_GRANT`, and
 * the client starts a new visitor). The refresh token is not rotated: the answer carries the same
 * one, and it keeps working (the provider's official client ignores the refresh token of this
 * answer). A logout racing the grant wins: the access token dies with its refresh token.
 */
export async function refreshGrant(
  ctx: PlatformContext,
  clientId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const refresh = await findRefreshToken(
    ctx.db.kysely,
    refreshToken,
    ctx.config.refreshTokenTtlSeconds,
  )
  if (!refresh || refresh.client_id !== clientId)
    throw invalidGrant('The refresh token is unknown, expired, revoked or of another client')
  const accessToken = await transaction(ctx.db, (trx) =>
    issueAccessToken(trx, refresh, ctx.config.accessTokenTtlSeconds),
  )
  return answer(ctx, { accessToken, refreshToken })
}

/**
 * `authorized_client` (external login): member tokens for `memberId`, on the OAuth client of the
 * caller's access token. The route has checked the admin key that came with that token. The
 * member must be one who may sign in (identity's `memberMayEnter`: never a pending, blocked or
 * deleted one), else 400 `INVALID_GRANT`. A `sessionToken` (from `sign-on`) is spent with the
 * grant and must be `memberId`'s.
 */
export async function authorizedClientGrant(
  ctx: PlatformContext,
  caller: CallerIdentity,
  memberId: string,
  sessionToken?: string,
): Promise<TokenResponse> {
  const member = await findIdentity(ctx.db.kysely, memberId)
  if (member?.type !== 'MEMBER')
    throw PlatformError.application(404, 'MEMBER_NOT_FOUND', `No member with id "${memberId}"`)
  return transaction(ctx.db, async (trx) => {
    if (!(await memberMayEnter(trx, member.id)))
      throw invalidGrant('The member may not sign in (pending, blocked or deleted)')
    if (
      sessionToken !== undefined &&
      (await consumeSessionToken(trx, secretHash(sessionToken))) !== member.id
    )
      throw invalidGrant('The session token is unknown, expired, used or of another member')
    return answer(ctx, await issueTokens(trx, member.id, caller.clientId!, ctx.config))
  })
}

const SUBJECT_TYPES: Record<IdentityType, SubjectType> = {
  ANONYMOUS_VISITOR: 'VISITOR',
  MEMBER: 'MEMBER',
  WIX_USER: 'USER',
  APP: 'APP',
}

/** An ISO date as the provider's int64 seconds since the epoch, a string on the wire. */
const epochSeconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000))

/**
 * What access token `token` stands for while it works (issued by this token endpoint, not
 * expired, neither it nor its refresh token revoked): its subject — the identity id an order's
 * `buyerInfo` names — its OAuth client and its lifetime. Any other value, a refresh token or an
 * API key included, is `{active: false}`.
 */
export async function tokenInfo(ctx: PlatformContext, token: string): Promise<TokenInfo> {
  const found = await lookupAccessToken(ctx.db.kysely, token)
  if (found.status !== 'valid') return { active: false }
  return {
    active: true,
    subjectType: SUBJECT_TYPES[found.identity.type],
    subjectId: found.identity.id,
    ...(found.expiresAt && { exp: epochSeconds(found.expiresAt) }),
    iat: epochSeconds(found.issuedAt),
    clientId: found.clientId,
  }
}
