import type { Kysely } from 'kysely'

/** Carts, coupons, shipping and tax rules, checkouts, orders, redirect sessions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_identity_id', 'text', (col) =>
      col.notNull().unique().references('identities.id').onDelete('cascade'),
    )
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('buyer_note', 'text')
    .addColumn('contact_info', 'text')
    .addColumn('merchant_discounts', 'text')
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('updated_date', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('cart_line_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('cart_id', 'text', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('catalog_item_id', 'text')
    .addColumn('app_id', 'text')
    .addColumn('options', 'text')
    .addColumn('merge_key', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('full_price', 'double precision', (col) => col.notNull())
    .addColumn('sku', 'text')
    .addColumn('weight', 'double precision')
    .addColumn('image', 'text')
    .addColumn('url', 'text')
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('cart_line_items_cart')
    .on('cart_line_items')
    .columns(['cart_id', 'position'])
    .execute()

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('minimum_subtotal', 'double precision')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('expires_at', 'text')
    .execute()

  await db.schema
    .createTable('shipping_rules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('countries', 'text', (col) => col.notNull())
    .addColumn('rate', 'double precision', (col) => col.notNull())
    .addColumn('free_over', 'double precision')
    .addColumn('delivery_time', 'text')
    .addColumn('pickup', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pickup_address', 'text')
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('tax_rules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('subdivision', 'text')
    .addColumn('rate', 'double precision', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('tax_rules_region')
    .on('tax_rules')
    .columns(['country', 'subdivision'])
    .execute()

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('cart_id', 'text', (col) => col.notNull())
    .addColumn('owner_identity_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('updated_date', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('number', 'bigint', (col) => col.notNull().unique())
    .addColumn('checkout_id', 'text', (col) => col.notNull().unique())
    .addColumn('owner_identity_id', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('orders_owner').on('orders').column('owner_identity_id').execute()

  await db.schema
    .createTable('redirect_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('intent', 'text', (col) => col.notNull())
    .addColumn('request', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text')
    .addColumn('identity_id', 'text')
    .addColumn('full_url', 'text', (col) => col.notNull())
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'redirect_sessions',
    'orders',
    'checkouts',
    'tax_rules',
    'shipping_rules',
    'coupons',
    'cart_line_items',
    'carts',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
