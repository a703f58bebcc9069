import type { Kysely } from 'kysely'

/**
 * `authorization_codes.redirect_session_id`: the `auth` redirect session a code was issued for, so
 * the token exchange knows which visitor started the sign-in (and merges that visitor's cart).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('authorization_codes')
    .addColumn('redirect_session_id', 'text')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('authorization_codes').dropColumn('redirect_session_id').execute()
}
