import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../db/schema.js'
import { prepared } from '../db/prepared.js'
import { newSecret, sha256 } from './secrets.js'

/** A refresh token's row, as a grant needs it. */
export interface RefreshTokenRow {
  id: string
  identity_id: string
  client_id: string
}

/** What an access-token lookup finds. */
export type AccessTokenLookup =
  | { status: 'valid'; identity: Identity; tokenId: string; clientId: string }
  | { status: 'expired' | 'unknown' }

/** Inserts a refresh token for `identityId` on `clientId`; returns its row and its value. */
export async function issueRefreshToken(
  db: Kysely<Schema>,
  identityId: string,
  clientId: string,
): Promise<{ row: RefreshTokenRow; value: string }> {
  const value = newSecret()
  const row = { id: randomUUID(), identity_id: identityId, client_id: clientId }
  await db
    .insertInto('tokens')
    .values({
      ...row,
      kind: 'refresh',
      token_hash: sha256(value),
      refresh_token_id: null,
      created_date: new Date().toISOString(),
      expires_at: null,
      revoked_at: null,
    })
    .execute()
  return { row, value }
}

/**
 * Inserts an access token issued by `refresh`, valid `ttlSeconds`, and deletes the expired access
 * tokens of the same refresh token (so they do not pile up). Returns its value.
 */
export async function issueAccessToken(
  db: Kysely<Schema>,
  refresh: RefreshTokenRow,
  ttlSeconds: number,
): Promise<string> {
  const value = newSecret()
  const now = new Date()
  await db
    .deleteFrom('tokens')
    .where('refresh_token_id', '=', refresh.id)
    .where('expires_at', '<', now.toISOString())
    .execute()
  await db
    .insertInto('tokens')
    .values({
      id: randomUUID(),
      kind: 'access',
      token_hash: sha256(value),
      identity_id: refresh.identity_id,
      client_id: refresh.client_id,
      refresh_token_id: refresh.id,
      created_date: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      revoked_at: null,
    })
    .execute()
  return value
}

/**
 * The live refresh token of value `value`, if any: not revoked, and issued less than
 * `ttlSeconds` ago (a refresh token lives that long from its issue: the setting in force
 * applies to every token).
 */
export function findRefreshToken(
  db: Kysely<Schema>,
  value: string,
  ttlSeconds: number,
): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .select(['id', 'identity_id', 'client_id'])
    .where('token_hash', '=', sha256(value))
    .where('kind', '=', 'refresh')
    .where('revoked_at', 'is', null)
    .where('created_date', '>', new Date(Date.now() - ttlSeconds * 1000).toISOString())
    .executeTakeFirst()
}

const accessTokenRow = prepared((db, tokenHash: string) =>
  db
    .selectFrom('tokens')
    .innerJoin('identities', 'identities.id', 'tokens.identity_id')
    .innerJoin('tokens as refresh', 'refresh.id', 'tokens.refresh_token_id')
    .select([
      'tokens.id as token_id',
      'tokens.client_id',
      'tokens.expires_at',
      'identities.id',
      'identities.type',
      'identities.email',
      'identities.created_date',
      'identities.updated_date',
    ])
    .where('tokens.token_hash', '=', tokenHash)
    .where('tokens.kind', '=', 'access')
    .where('tokens.revoked_at', 'is', null)
    .where('refresh.revoked_at', 'is', null),
)

/**
 * Resolves an access token's value to its identity, or says why it cannot be used. An access
 * token lives only while the refresh token that issued it is not revoked: one revoked refresh
 * token ends every access token it issued, even one a concurrent refresh grant inserts after.
 */
export async function lookupAccessToken(
  db: Kysely<Schema>,
  value: string,
): Promise<AccessTokenLookup> {
  const [row] = await accessTokenRow(db, sha256(value))
  if (!row) return { status: 'unknown' }
  if (row.expires_at !== null && row.expires_at <= new Date().toISOString())
    return { status: 'expired' }
  const { id, type, email, created_date, updated_date } = row
  return {
    status: 'valid',
    identity: { id, type, email, created_date, updated_date },
    tokenId: row.token_id,
    clientId: row.client_id,
  }
}
