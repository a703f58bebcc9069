import type { Kysely } from 'kysely'

/**
 * What the hosted checkout stores with an order besides its JSON `data`: the buyer's e-mail and
 * the payment status (columns, so the merchant can look orders up by them), and an index to list
 * orders newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('buyer_email', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (col) => col.notNull().defaultTo('NOT_PAID'))
    .execute()
  await db.schema.createIndex('orders_created').on('orders').column('created_date').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_created').execute()
  await db.schema.alterTable('orders').dropColumn('payment_status').execute()
  await db.schema.alterTable('orders').dropColumn('buyer_email').execute()
}
