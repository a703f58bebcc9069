import { sql, type Kysely } from 'kysely'
import type { PlatformConfig } from '../config.js'
import type { Identity, Schema, TokensTable } from '../db/schema.js'
import { findSecret, hasExpired, issueSecret, newSecret, secretHash } from './secrets.js'

/**
 * What every access token starts with, so that an unknown one is told from a wrong API key: a
 * stale token is a shopper's, not a guess at the merchant's key (see `auth/caller.ts`).
 */
export const ACCESS_TOKEN_PREFIX = 'vitrine_at_'

/** A refresh token's row, as a grant needs it. */
export type RefreshTokenRow = Pick<TokensTable, 'id' | 'identity_id' | 'client_id'>

/** What an access-token lookup finds. */
export type AccessTokenLookup =
  | {
      status: 'valid'
      identity: Identity
      tokenId: string
      clientId: string
      /** When the token was issued (ISO). */
      issuedAt: string
      /** When it stops working (ISO); `null`: never. */
      expiresAt: string | null
    }
  | { status: 'expired' | 'unknown' }

/** A sign-in's new tokens: the refresh token's id, and both values. */
export interface IssuedTokens {
  refreshTokenId: string
  accessToken: string
  refreshToken: string
}

/**
 * The tokens of a sign-in of `identityId` on `clientId`: a refresh token, and an access token it
 * issued, with the lifetimes of `config`.
 */
export async function issueTokens(
  db: Kysely<Schema>,
  identityId: string,
  clientId: string,
  config: Pick<PlatformConfig, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>,
): Promise<IssuedTokens> {
  const binding = { identity_id: identityId, client_id: clientId }
  const refresh = await issueSecret(
    db,
    'tokens',
    { ...binding, kind: 'refresh', refresh_token_id: null },
    { ttlSeconds: config.refreshTokenTtlSeconds },
  )
  const row = { id: refresh.id, ...binding }
  const accessToken = await issueAccessToken(db, row, config.accessTokenTtlSeconds)
  return { refreshTokenId: refresh.id, accessToken, refreshToken: refresh.value }
}

/** A new access token issued by `refresh`, valid `ttlSeconds`: its value. */
export async function issueAccessToken(
  db: Kysely<Schema>,
  refresh: RefreshTokenRow,
  ttlSeconds: number,
): Promise<string> {
  const binding = { identity_id: refresh.identity_id, client_id: refresh.client_id }
  const access = { ...binding, kind: 'access', refresh_token_id: refresh.id } as const
  const value = ACCESS_TOKEN_PREFIX + newSecret()
  return (await issueSecret(db, 'tokens', access, { ttlSeconds, value })).value
}

/**
 * The live refresh token of value `value`, if any: not revoked, not expired, and issued less than
 * `ttlSeconds` ago (the setting in force: shortening it ends older tokens at once).
 */
export async function findRefreshToken(
  db: Kysely<Schema>,
  value: string,
  ttlSeconds: number,
): Promise<RefreshTokenRow | undefined> {
  const row = await findSecret(db, 'tokens', secretHash(value))
  const issuedAfter = new Date(Date.now() - ttlSeconds * 1000).toISOString()
  return row?.kind === 'refresh' && row.created_date > issuedAfter ? row : undefined
}

/**
 * The access token of hash `tokenHash` with its identity, while it and its refresh token are not
 * revoked. Written as SQL, not built: it runs on every request, and Kysely's builder costs more
 * than the statement itself here.
 */
const accessTokenRow = (db: Kysely<Schema>, tokenHash: string) =>
  sql<AccessTokenRow>`
    select tokens.id as token_id, tokens.client_id, tokens.created_date as issued_at,
      tokens.expires_at, identities.id,
      identities.type, identities.email, identities.created_date, identities.updated_date
    from tokens
    join identities on identities.id = tokens.identity_id
    join tokens as refresh on refresh.id = tokens.refresh_token_id
    where tokens.token_hash = ${tokenHash} and tokens.kind = 'access'
      and tokens.revoked_at is null and refresh.revoked_at is null`.execute(db)

interface AccessTokenRow extends Identity {
  token_id: string
  client_id: string
  issued_at: string
  expires_at: string | null
}

/**
 * Resolves an access token's value to its identity, or says why it cannot be used. An access
 * token lives only while the refresh token that issued it is not revoked: one revoked refresh
 * token ends every access token it issued, even one a concurrent refresh grant inserts after.
 */
export async function lookupAccessToken(
  db: Kysely<Schema>,
  value: string,
): Promise<AccessTokenLookup> {
  const [row] = (await accessTokenRow(db, secretHash(value))).rows
  if (!row) return { status: 'unknown' }
  if (hasExpired(row)) return { status: 'expired' }
  const { id, type, email, created_date, updated_date } = row
  return {
    status: 'valid',
    identity: { id, type, email, created_date, updated_date },
    tokenId: row.token_id,
    clientId: row.client_id,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
  }
}
