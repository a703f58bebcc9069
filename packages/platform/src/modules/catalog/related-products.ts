import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'

/**
 * Shopper-visible products other than `productIds`, those in the most collections of
 * `productIds` first, then in catalog order (creation): at most `limit`, the ones sharing no
 * collection included (with `sharedCollections: 0`) after the others. Only what shoppers see
 * counts: visible collections of visible given products (an unknown or hidden id adds nothing).
 */
export async function relatedProducts(
  db: Kysely<Schema>,
  productIds: readonly string[],
  limit: number,
): Promise<{ id: string; sharedCollections: number }[]> {
  const given = [...new Set(productIds)]
  const theirCollections = db
    .selectFrom('collection_products as mine')
    .innerJoin('products as origin', 'origin.id', 'mine.product_id')
    .innerJoin('collections', 'collections.id', 'mine.collection_id')
    // `in ()` is no SQL: an empty `or` is false, an empty `and` true.
    .where((eb) => (given.length ? eb('mine.product_id', 'in', given) : eb.or([])))
    .where('origin.visible', '=', 1)
    .where('collections.visible', '=', 1)
    .select('mine.collection_id')
    .distinct()
  const shared = db
    .selectFrom('collection_products as theirs')
    .where('theirs.collection_id', 'in', theirCollections)
    .select((eb) => ['theirs.product_id', eb.fn.countAll<number>().as('shared')])
    .groupBy('theirs.product_id')
  const rows = await db
    .selectFrom('products')
    .leftJoin(shared.as('related'), 'related.product_id', 'products.id')
    .where('products.visible', '=', 1)
    .where((eb) => (given.length ? eb('products.id', 'not in', given) : eb.and([])))
    .select((eb) => [
      'products.id',
      eb.fn.coalesce('related.shared', sql.lit(0)).as('sharedCollections'),
    ])
    .orderBy('sharedCollections', 'desc')
    .orderBy('products.numeric_id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ id: row.id, sharedCollections: Number(row.sharedCollections) }))
}
