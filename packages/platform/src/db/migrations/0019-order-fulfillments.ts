import type { Kysely } from 'kysely'

/**
 * An order's fulfillments (modules/orders/tables.ts): items shipped or delivered together, listed
 * per order in the order they were made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_fulfillments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('order_fulfillments_order')
    .on('order_fulfillments')
    .columns(['order_id', 'created_date'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_fulfillments').execute()
}
