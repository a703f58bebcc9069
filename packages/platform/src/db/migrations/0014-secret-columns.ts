import type { Kysely } from 'kysely'

/** Columns each table of secrets lacked, to have all of `SecretColumns` (auth/secrets.ts). */
const ADDED: [table: string, column: string][] = [
  ['tokens', 'used_at'],
  ['api_keys', 'expires_at'],
  ['api_keys', 'used_at'],
  ['auth_states', 'revoked_at'],
  ['verification_codes', 'revoked_at'],
  ['recovery_tokens', 'revoked_at'],
  ['authorization_codes', 'revoked_at'],
  ['platform_sessions', 'used_at'],
]

/** Columns renamed to the common names. */
const RENAMED: [table: string, from: string, to: string][] = [
  ['api_keys', 'key_hash', 'token_hash'],
  ['verification_codes', 'code_hash', 'token_hash'],
  ['authorization_codes', 'code_hash', 'token_hash'],
  ['auth_states', 'finished_at', 'used_at'],
]

/** Tables swept by `expires_at` that had no index on it. */
const EXPIRY_INDEXED = [
  'tokens',
  'auth_states',
  'verification_codes',
  'recovery_tokens',
  'platform_sessions',
]

/** Refresh tokens issued before they had an expiry: at most the default lifetime from now. */
const LEGACY_REFRESH_TTL_MS = 30 * 24 * 3600 * 1000

/**
 * The eight tables of secrets share one shape — `token_hash`, `created_date`, `expires_at`,
 * `used_at`, `revoked_at` — so one helper issues, finds, consumes, revokes and sweeps them all.
 * Refresh tokens now store their expiry; deliveries are indexed by event, for the retention sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, from, to] of RENAMED)
    await db.schema.alterTable(table).renameColumn(from, to).execute()
  for (const [table, column] of ADDED)
    await db.schema.alterTable(table).addColumn(column, 'text').execute()
  await db.schema.dropIndex('tokens_expiry').execute()
  for (const table of EXPIRY_INDEXED)
    await db.schema.createIndex(`${table}_expires`).on(table).column('expires_at').execute()
  await db
    .updateTable('tokens')
    .set({ expires_at: new Date(Date.now() + LEGACY_REFRESH_TTL_MS).toISOString() })
    .where('kind', '=', 'refresh')
    .where('expires_at', 'is', null)
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .column('event_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_event').execute()
  for (const table of EXPIRY_INDEXED) await db.schema.dropIndex(`${table}_expires`).execute()
  await db.schema
    .createIndex('tokens_expiry')
    .on('tokens')
    .columns(['kind', 'expires_at'])
    .execute()
  for (const [table, column] of ADDED)
    await db.schema.alterTable(table).dropColumn(column).execute()
  for (const [table, from, to] of RENAMED)
    await db.schema.alterTable(table).renameColumn(to, from).execute()
}
