import type { Kysely } from 'kysely'

/** The platform's own sign-in sessions of the hosted pages (modules/oauth/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema
    .createIndex('platform_sessions_identity')
    .on('platform_sessions')
    .column('identity_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_sessions').execute()
}
