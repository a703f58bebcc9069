import { PostgresAdapter, sql, type Kysely } from 'kysely'

/** The tables whose rows are part of a product's wire view, by their product column. */
const PARTS = ['variants', 'collection_products'] as const

/**
 * Stored product views: the JSON of a product as a shopper sees it, so that reads need not build
 * it again (modules/catalog/stored-views.ts). Triggers delete a product's stored view whenever
 * anything it is built from changes — the product row, its variants, its collection memberships —
 * whatever code makes the change, so a stored view is never stale. On PostgreSQL they also lock
 * the product row first, as the code that stores a view does, so a view built while a change is
 * in flight cannot be stored after that change has deleted the old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_views')
    .addColumn('product_id', 'text', (col) =>
      col.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('base', 'text', (col) => col.notNull())
    .addColumn('json', 'text', (col) => col.notNull())
    .execute()

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function product_views_product_changed() returns trigger language plpgsql as $$
      begin
        delete from product_views where product_id = new.id;
        return null;
      end $$`.execute(db)
    await sql`
      create trigger product_views_product after update on products
      for each row execute function product_views_product_changed()`.execute(db)
    await sql`
      create function product_views_part_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform 1 from products where id = old.product_id for no key update;
          delete from product_views where product_id = old.product_id;
        end if;
        if tg_op <> 'DELETE' then
          perform 1 from products where id = new.product_id for no key update;
          delete from product_views where product_id = new.product_id;
        end if;
        return null;
      end $$`.execute(db)
    for (const table of PARTS)
      await sql`
        create trigger ${sql.raw(`product_views_${table}`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function product_views_part_changed()`.execute(db)
    return
  }

  await sql`
    create trigger product_views_product after update on products
    begin
      delete from product_views where product_id = new.id;
    end`.execute(db)
  for (const table of PARTS) {
    await sql`
      create trigger ${sql.raw(`product_views_${table}_insert`)} after insert on ${sql.table(table)}
      begin
        delete from product_views where product_id = new.product_id;
      end`.execute(db)
    await sql`
      create trigger ${sql.raw(`product_views_${table}_update`)} after update on ${sql.table(table)}
      begin
        delete from product_views where product_id in (old.product_id, new.product_id);
      end`.execute(db)
    await sql`
      create trigger ${sql.raw(`product_views_${table}_delete`)} after delete on ${sql.table(table)}
      begin
        delete from product_views where product_id = old.product_id;
      end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger product_views_product on products`.execute(db)
    for (const table of PARTS)
      await sql`drop trigger ${sql.raw(`product_views_${table}`)} on ${sql.table(table)}`.execute(
        db,
      )
    await sql`drop function product_views_product_changed()`.execute(db)
    await sql`drop function product_views_part_changed()`.execute(db)
  } else {
    await sql`drop trigger product_views_product`.execute(db)
    for (const table of PARTS)
      for (const change of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`product_views_${table}_${change}`)}`.execute(db)
  }
  await db.schema.dropTable('product_views').execute()
}
