import type { Kysely } from 'kysely'

/**
 * When a member was last signed out everywhere (ISO): what was issued to sign them in before it
 * (an authorization code still unredeemed) no longer does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('signed_out_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('signed_out_at').execute()
}
