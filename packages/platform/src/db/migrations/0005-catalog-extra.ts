import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * An index of products by lowercased name, for the case-insensitive `$startsWith` and name sort of
 * product queries, carrying `visible` and `price` so that the storefront's search (visible, a
 * price range, a name prefix) is counted from the index alone. SQLite compares `lower(name)`
 * bytewise, so the query compiler adds a prefix range on it; PostgreSQL needs `text_pattern_ops`
 * to use it for `LIKE 'prefix%'` whatever the database's collation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createIndex('products_lower_name')
    .on('products')
    .expression(
      postgres
        ? sql`lower(name) text_pattern_ops, visible, price`
        : sql`lower(name), visible, price`,
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_lower_name').execute()
}
