import type { Kysely } from 'kysely'

/** Authorization codes of the hosted authorize page (modules/oauth/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('authorization_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('client_id', 'text', (col) =>
      col.notNull().references('oauth_clients.id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('refresh_token_id', 'text')
    .execute()
  await db.schema
    .createIndex('authorization_codes_expiry')
    .on('authorization_codes')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('authorization_codes').execute()
}
