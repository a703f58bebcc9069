import type { Kysely } from 'kysely'

const TABLES = [
  'captcha_nonces',
  'member_idp_links',
  'idp_connections',
  'rate_limit_events',
  'mail',
  'recovery_tokens',
  'verification_codes',
  'auth_states',
  'member_sessions',
  'members',
]

/** Members, sessions, verification, recovery, mailbox, rate limits, SSO (modules/identity/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('identity_id', 'text', (col) =>
      col.primaryKey().references('identities.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_key', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_reasons', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('profile', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('updated_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('members_status')
    .on('members')
    .columns(['status', 'created_date'])
    .execute()

  await db.schema
    .createTable('member_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema
    .createIndex('member_sessions_identity')
    .on('member_sessions')
    .column('identity_id')
    .execute()
  await db.schema
    .createIndex('member_sessions_expiry')
    .on('member_sessions')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('auth_states')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute()
  await db.schema
    .createIndex('auth_states_identity')
    .on('auth_states')
    .column('identity_id')
    .execute()

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('state_id', 'text', (col) =>
      col.notNull().references('auth_states.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('verification_codes_state')
    .on('verification_codes')
    .columns(['state_id', 'created_date'])
    .execute()

  await db.schema
    .createTable('recovery_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('recovery_tokens_identity')
    .on('recovery_tokens')
    .column('identity_id')
    .execute()

  await db.schema
    .createTable('mail')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('to_key', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('code', 'text')
    .addColumn('link', 'text')
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('mail_created').on('mail').column('created_date').execute()
  await db.schema.createIndex('mail_to').on('mail').columns(['to_key', 'created_date']).execute()

  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_events_bucket')
    .on('rate_limit_events')
    .columns(['bucket', 'created_date'])
    .execute()
  await db.schema
    .createIndex('rate_limit_events_created')
    .on('rate_limit_events')
    .column('created_date')
    .execute()

  await db.schema
    .createTable('idp_connections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('audience', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('member_idp_links')
    .addColumn('idp_connection_id', 'text', (col) =>
      col.notNull().references('idp_connections.id').onDelete('cascade'),
    )
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('identity_id', 'text', (col) =>
      col.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_idp_links_pk', ['idp_connection_id', 'subject'])
    .execute()
  await db.schema
    .createIndex('member_idp_links_identity')
    .on('member_idp_links')
    .column('identity_id')
    .execute()

  await db.schema
    .createTable('captcha_nonces')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('captcha_nonces_expiry')
    .on('captcha_nonces')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute()
}
