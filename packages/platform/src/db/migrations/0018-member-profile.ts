import type { Kysely } from 'kysely'

/**
 * A member's slug (`profile.slug` of the members API): case-sensitive, unique among members when
 * set (a member has none until one is chosen).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('slug', 'text').execute()
  await db.schema.createIndex('members_slug').on('members').column('slug').unique().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_slug').execute()
  await db.schema.alterTable('members').dropColumn('slug').execute()
}
