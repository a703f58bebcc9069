import { hash, randomBytes, randomUUID } from 'node:crypto'
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely'
import type { Schema } from '../db/schema.js'

/*
 * Opaque secrets — access and refresh tokens, API keys, session and state tokens, mailed codes
 * and links, authorization codes, platform session cookies — are stored only as a hash, each kind
 * in its own table with the columns of its binding (the identity, client, state… it stands for)
 * next to the {@link SecretColumns} they all share. The functions below are the one way to issue,
 * find, consume, revoke and sweep them. A secret is found by its key ({@link secretHash} of the
 * value and its binding), never by its value.
 */

/** The columns every table of secrets has. */
export interface SecretColumns {
  id: string
  /** {@link secretHash} of the value: the value itself is never stored. */
  token_hash: string
  created_date: string
  /** When it stops working; `null`: never (API keys). */
  expires_at: string | null
  /** When it was consumed (single-use secrets work once). */
  used_at: string | null
  /** When it was revoked (a logout, a replaced code, …). */
  revoked_at: string | null
}

/** The name of a table of secrets. */
export type SecretTable = {
  [T in keyof Schema]: Schema[T] extends SecretColumns ? T : never
}[keyof Schema]

/** A row of table `T`. */
export type SecretRow<T extends SecretTable> = Selectable<Schema[T]>

/* A `Record`: a new table of secrets cannot be left out of the list (and of the sweep). */
const TABLES: Record<SecretTable, true> = {
  tokens: true,
  api_keys: true,
  member_sessions: true,
  auth_states: true,
  verification_codes: true,
  recovery_tokens: true,
  authorization_codes: true,
  platform_sessions: true,
}
/** Every table of secrets. */
export const SECRET_TABLES = Object.keys(TABLES) as SecretTable[]

/** A new random secret (token, key): 32 bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url')

/**
 * The SHA-256 (hex) of `value`. Fine for 256-bit random secrets; passwords use scrypt instead.
 */
export const sha256 = (value: string): string => hash('sha256', value, 'hex')

/** The key a secret is stored and looked up under: made by {@link secretHash} only. */
export type SecretKey = string & { readonly secretKey: unique symbol }

/**
 * The key of secret `value`: its SHA-256 — or, for a secret bound to `binding` (a client id, a
 * state id), the SHA-256 of both, so that it is found only when the same binding is given again.
 */
export const secretHash = (value: string, binding?: string | null): SecretKey =>
  sha256(binding == null ? value : `${binding}\n${value}`) as SecretKey

/** The helper's view of the database: any table of secrets, as the columns they share. */
type Secrets = Record<string, SecretColumns>
const secrets = (db: Kysely<Schema>) => db as unknown as Kysely<Secrets>

/** Where the secret of key `key` still works: not used, not revoked, not expired. */
const live = (key: SecretKey) => (eb: ExpressionBuilder<Secrets, string>) =>
  eb.and([
    eb('token_hash', '=', key),
    eb('used_at', 'is', null),
    eb('revoked_at', 'is', null),
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]),
  ])

/** Whether a secret has expired (a row found whatever its state, to say why it is refused). */
export const hasExpired = (row: Pick<SecretColumns, 'expires_at'>): boolean =>
  row.expires_at !== null && row.expires_at <= new Date().toISOString()

/** How a secret is issued. */
export interface IssueOptions {
  /** Seconds it works; `null`: until revoked. */
  ttlSeconds: number | null
  /** What it is bound to (see {@link secretHash}): only found again with the same. */
  binding?: string | null
  /** Its value, when it is not a new random one ({@link newSecret}): a mailed code, a set key. */
  value?: string
}

/**
 * Stores a new secret in `table` with the columns of its binding (`identity_id`, …), valid
 * `ttlSeconds`, and returns its value (never stored) and row id. Run it in the transaction of
 * what the secret stands for.
 *
 * @example
 * const { value } = await issueSecret(trx, 'platform_sessions', { identity_id }, { ttlSeconds })
 */
export async function issueSecret<T extends SecretTable>(
  db: Kysely<Schema>,
  table: T,
  binding: Omit<Insertable<Schema[T]>, keyof SecretColumns>,
  options: IssueOptions,
): Promise<{ id: string; value: string }> {
  const value = options.value ?? newSecret()
  const now = Date.now()
  const row: SecretColumns = {
    id: randomUUID(),
    token_hash: secretHash(value, options.binding),
    created_date: new Date(now).toISOString(),
    expires_at:
      options.ttlSeconds === null ? null : new Date(now + options.ttlSeconds * 1000).toISOString(),
    used_at: null,
    revoked_at: null,
  }
  await secrets(db)
    .insertInto(table as string)
    .values({ ...binding, ...row })
    .execute()
  return { id: row.id, value }
}

/** The row of the secret of `key` in `table` while it works, else `undefined`. */
export async function findSecret<T extends SecretTable>(
  db: Kysely<Schema>,
  table: T,
  key: SecretKey,
): Promise<SecretRow<T> | undefined> {
  const row = await secrets(db)
    .selectFrom(table as string)
    .selectAll()
    .where(live(key))
    .executeTakeFirst()
  return row as SecretRow<T> | undefined
}

/**
 * Consumes the secret of `key` in `table`: marks it used and returns its row, while it works —
 * else `undefined`. One statement (`UPDATE … WHERE used_at IS NULL`), so exactly one caller ever
 * gets the row, even concurrently, on both engines. Run it in the transaction of what the secret
 * buys, so that a failure there leaves it unspent.
 */
export async function consumeSecret<T extends SecretTable>(
  db: Kysely<Schema>,
  table: T,
  key: SecretKey,
): Promise<SecretRow<T> | undefined> {
  const row = await secrets(db)
    .updateTable(table as string)
    .set({ used_at: new Date().toISOString() })
    .where(live(key))
    .returningAll()
    .executeTakeFirst()
  return row as SecretRow<T> | undefined
}

/**
 * Revokes the secrets of `table` whose `column` is `value` (e.g. every session of an identity):
 * they stop working at once.
 */
export async function revokeSecrets<T extends SecretTable>(
  db: Kysely<Schema>,
  table: T,
  column: keyof SecretRow<T> & string,
  value: string,
): Promise<void> {
  await secrets(db)
    .updateTable(table as string)
    .set({ revoked_at: new Date().toISOString() })
    .where(sql.ref(column), '=', value)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Deletes at most `limit` rows of `table` (of secrets, or the redirect sessions, which expire
 * alike) that expired before `before`; returns how many it found. It looks first: a table with
 * nothing to sweep costs one read, no write.
 */
export async function sweepExpired(
  db: Kysely<Schema>,
  table: SecretTable | 'redirect_sessions',
  before: string,
  limit: number,
): Promise<number> {
  const expired = await secrets(db)
    .selectFrom(table as string)
    .select('id')
    .where('expires_at', '<', before)
    .limit(limit)
    .execute()
  const ids = expired.map((row) => row.id)
  if (ids.length)
    await secrets(db)
      .deleteFrom(table as string)
      .where('id', 'in', ids)
      .execute()
  return ids.length
}
