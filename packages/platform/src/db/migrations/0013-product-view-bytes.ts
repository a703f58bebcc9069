import { PostgresAdapter, type Kysely } from 'kysely'

/**
 * Stored product views as UTF-8 bytes instead of text (`blob` / `bytea`): a read sends them as
 * they are, without decoding them into a string and encoding it back for the response — for a
 * product page that was a third of a read's cost. The table only holds views that reads rebuild
 * when missing, so it is created anew, empty; the triggers of 0012 find it by name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_views').execute()
  await create(db, db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_views').execute()
  await create(db, 'text')
}

function create(db: Kysely<any>, type: 'blob' | 'bytea' | 'text') {
  return db.schema
    .createTable('product_views')
    .addColumn('product_id', 'text', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('base', 'text', (col) => col.notNull())
    .addColumn('json', type, (col) => col.notNull())
    .execute()
}
