import type { Kysely } from 'kysely'

/** Settings, OAuth clients, identities, API keys and tokens. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('oauth_client_origins')
    .addColumn('client_id', 'text', (col) =>
      col.notNull().references('oauth_clients.id').onDelete('cascade'),
    )
    .addColumn('origin', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('oauth_client_origins_pk', ['client_id', 'origin'])
    .execute()
  await db.schema
    .createIndex('oauth_client_origins_origin')
    .on('oauth_client_origins')
    .column('origin')
    .execute()

  await db.schema
    .createTable('identities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('updated_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('identities_email').on('identities').column('email').execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('identity_id', 'text', (col) => col.notNull().references('identities.id'))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute()

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (col) =>
      col.notNull().references('oauth_clients.id').onDelete('cascade'),
    )
    .addColumn('refresh_token_id', 'text', (col) => col.references('tokens.id').onDelete('cascade'))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('tokens_identity').on('tokens').column('identity_id').execute()
  await db.schema
    .createIndex('tokens_refresh_token')
    .on('tokens')
    .column('refresh_token_id')
    .execute()
  await db.schema
    .createIndex('tokens_expiry')
    .on('tokens')
    .columns(['kind', 'expires_at'])
    .execute()
}
