import { PostgresAdapter, sql, type Kysely } from 'kysely'

/** The triggers 0012 created on SQLite: one on `products`, three on each table of its parts. */
const SQLITE_TRIGGERS = [
  'product_views_product',
  ...['variants', 'collection_products'].flatMap((table) =>
    ['insert', 'update', 'delete'].map((change) => `product_views_${table}_${change}`),
  ),
]

/**
 * No stored product views: drops what 0012 and 0013 created where they ran (they create nothing
 * any more): the table `product_views` and its triggers — on PostgreSQL their two functions,
 * whose triggers go with them (`cascade`). A database created since has none of them: nothing
 * to drop. `down` has nothing to bring back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    for (const name of ['product_views_product_changed', 'product_views_part_changed'])
      await sql`drop function if exists ${sql.raw(name)}() cascade`.execute(db)
  else
    for (const name of SQLITE_TRIGGERS)
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  await db.schema.dropTable('product_views').ifExists().execute()
}

export async function down(): Promise<void> {}
