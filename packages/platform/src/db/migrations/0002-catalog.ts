import type { Kysely } from 'kysely'

/** Products, variants, collections and their membership (see modules/catalog/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('numeric_id', 'bigint', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('product_type', 'text', (col) => col.notNull().defaultTo('physical'))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sku', 'text')
    .addColumn('brand', 'text')
    .addColumn('ribbon', 'text')
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('discount_type', 'text', (col) => col.notNull().defaultTo('NONE'))
    .addColumn('discount_value', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('discounted_price', 'double precision', (col) => col.notNull())
    .addColumn('cost', 'double precision')
    .addColumn('weight', 'double precision')
    .addColumn('price_per_unit_data', 'text')
    .addColumn('manage_variants', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('track_inventory', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quantity', 'integer')
    .addColumn('in_stock', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('product_options', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('{"items":[]}'))
    .addColumn('additional_info_sections', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('custom_text_fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('seo_data', 'text')
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('last_updated', 'text', (col) => col.notNull())
    .execute()
  for (const column of [
    'name',
    'price',
    'discounted_price',
    'last_updated',
    'created_date',
    'sku',
  ]) {
    await db.schema.createIndex(`products_${column}`).on('products').column(column).execute()
  }
  await db.schema
    .createIndex('products_visible_name')
    .on('products')
    .columns(['visible', 'name'])
    .execute()

  await db.schema
    .createTable('variants')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('choices', 'text', (col) => col.notNull())
    .addColumn('choices_key', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('price', 'double precision')
    .addColumn('cost', 'double precision')
    .addColumn('weight', 'double precision')
    .addColumn('sku', 'text')
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('track_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quantity', 'integer')
    .addColumn('in_stock', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('media', 'text')
    .addPrimaryKeyConstraint('variants_pk', ['product_id', 'id'])
    .execute()
  await db.schema.createIndex('variants_id').on('variants').column('id').execute()
  await db.schema
    .createIndex('variants_choices_key')
    .on('variants')
    .columns(['product_id', 'choices_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('{"items":[]}'))
    .addColumn('created_date', 'text', (col) => col.notNull())
    .addColumn('last_updated', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('collections_name').on('collections').column('name').execute()

  await db.schema
    .createTable('collection_products')
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('collection_products_pk', ['collection_id', 'product_id'])
    .execute()
  await db.schema
    .createIndex('collection_products_product')
    .on('collection_products')
    .column('product_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['collection_products', 'collections', 'variants', 'products']) {
    await db.schema.dropTable(table).execute()
  }
}
