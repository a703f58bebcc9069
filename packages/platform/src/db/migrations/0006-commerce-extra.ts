import type { Kysely } from 'kysely'

/**
 * `shipping_rules.pickup_method` (how a pickup option is collected: `STORE_PICKUP` when null, or
 * `PICKUP_POINT`), and an index of checkouts by owner (a redirect session checks the owner).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipping_rules').addColumn('pickup_method', 'text').execute()
  await db.schema
    .createIndex('checkouts_owner')
    .on('checkouts')
    .column('owner_identity_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('checkouts_owner').execute()
  await db.schema.alterTable('shipping_rules').dropColumn('pickup_method').execute()
}
