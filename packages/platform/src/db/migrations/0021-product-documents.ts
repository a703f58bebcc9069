import type { Kysely } from 'kysely'

/**
 * Stored product documents (modules/catalog/tables.ts): each product's wire JSON as the catalog
 * reader sends it, written by the catalog in the transaction of every change to the product. The
 * catalog fills the documents of existing products when the platform starts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_documents')
    .addColumn('product_id', 'text', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('visible', 'integer', (col) => col.notNull())
    .addColumn('marker', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('merchant_document', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_documents').execute()
}
