import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { absoluteMedia } from './media-urls.js'
import {
  both,
  countMatches,
  isTrue,
  parseQuery,
  sortAndPage,
  toExpression,
  type QueryInput,
} from '../../query/index.js'
import { COLLECTION_FIELDS } from './query-fields.js'
import { parseJson, type CollectionRow } from './rows.js'
import type { Media, PagingMetadata, WireCollection } from './types.js'

/**
 * The wire collections of `rows` (`{id, name, media, numberOfProducts, description, slug,
 * visible}`), with their product counts (visible products for visitors) and their media on
 * `publicUrl`.
 */
export async function collectionViews(
  db: Kysely<Schema>,
  rows: CollectionRow[],
  reader: Reader,
  publicUrl: string,
): Promise<WireCollection[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  let counts = db
    .selectFrom('collection_products')
    .select((eb) => ['collection_products.collection_id', eb.fn.countAll<number>().as('count')])
    .where('collection_products.collection_id', 'in', ids)
    .groupBy('collection_products.collection_id')
  if (!reader.elevated)
    counts = counts
      .innerJoin('products', 'products.id', 'collection_products.product_id')
      .where('products.visible', '=', 1)
  const byId = new Map((await counts.execute()).map((c) => [c.collection_id, Number(c.count)]))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    media: absoluteMedia(parseJson<Partial<Media>>(row.media, {}), publicUrl),
    numberOfProducts: byId.get(row.id) ?? 0,
    description: row.description,
    slug: row.slug,
    visible: row.visible === 1,
    lastUpdated: row.last_updated,
  }))
}

/** The collection with `column` = `value` that `reader` may see, as `{collection}`, or a 404. */
export async function getCollection(
  ctx: PlatformContext,
  column: 'id' | 'slug',
  value: string,
  reader: Reader,
): Promise<{ collection: WireCollection }> {
  const row = await ctx.db.kysely
    .selectFrom('collections')
    .selectAll()
    .where(column, '=', value)
    .executeTakeFirst()
  if (!row || (!reader.elevated && row.visible !== 1))
    throw PlatformError.notFound(`Collection "${value}" not found`)
  const [collection] = await collectionViews(ctx.db.kysely, [row], reader, ctx.config.publicUrl)
  return { collection: collection! }
}

/** `/v2/collections/query`: a page of collections, `{collections, metadata}`; default by name. */
export async function queryCollections(
  ctx: PlatformContext,
  query: QueryInput | undefined,
  reader: Reader,
): Promise<{ collections: WireCollection[]; metadata: PagingMetadata }> {
  const plan = parseQuery(query, COLLECTION_FIELDS)
  const where = reader.elevated ? plan.where : both(plan.where, isTrue(COLLECTION_FIELDS.visible!))
  const { kysely: db, dialect } = ctx.db
  const filtered = db.selectFrom('collections').where((eb) => toExpression(eb, where, dialect))
  // Unsorted, by name; then by id, so that pages never overlap.
  const tiebreak = [...(plan.sort.length ? [] : ['collections.name']), 'collections.id']
  const [rows, counted] = await Promise.all([
    sortAndPage(filtered.selectAll('collections'), plan, ...tiebreak.map(sql.ref)).execute(),
    countMatches(db, filtered),
  ])
  return {
    collections: await collectionViews(db, rows, reader, ctx.config.publicUrl),
    metadata: { count: rows.length, offset: plan.offset, ...counted },
  }
}
