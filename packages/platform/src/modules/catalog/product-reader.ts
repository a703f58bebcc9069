import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { productViews, type ProductViewOptions } from './product-view.js'
import {
  both,
  countMatches,
  isTrue,
  parseQuery,
  sortAndPage,
  toExpression,
  type QueryInput,
} from '../../query/index.js'
import { PRODUCT_FIELDS } from './query-fields.js'
import type { ProductRow } from './rows.js'
import type { PagingMetadata, WireProduct } from './types.js'

/** The product row of `id` that `reader` may see, or a 404. */
export async function findProduct(
  db: Kysely<Schema>,
  id: string,
  reader: Reader,
): Promise<ProductRow> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || (!reader.elevated && row.visible !== 1))
    throw PlatformError.notFound(`Product "${id}" not found`)
  return row
}

/**
 * `GET /stores-reader/v1/products/{id}`: `{product}`, built from the product, its variants (if it
 * has options) and its collections.
 */
export async function getProduct(
  ctx: PlatformContext,
  id: string,
  reader: Reader,
  options: ProductViewOptions,
): Promise<{ product: WireProduct }> {
  const row = await findProduct(ctx.db.kysely, id, reader)
  const [product] = await productViews(ctx.db.kysely, [row], options)
  return { product: product! }
}

/**
 * `query-platformized`: a page of products matching the query (hidden ones only for elevated
 * readers) with `metadata {count, offset, total}`. Default order: creation (`numericId`).
 */
export async function queryProducts(
  ctx: PlatformContext,
  query: QueryInput | undefined,
  reader: Reader,
  options: ProductViewOptions,
): Promise<{ products: WireProduct[]; metadata: PagingMetadata }> {
  const plan = parseQuery(query, PRODUCT_FIELDS)
  const where = reader.elevated ? plan.where : both(plan.where, isTrue(PRODUCT_FIELDS.visible!))
  const db = ctx.db.kysely
  const compile = { sqlite: ctx.db.dialect === 'sqlite' }
  const filtered = db.selectFrom('products').where((eb) => toExpression(eb, where, compile))
  const tiebreak = sql.ref(plan.sort.length ? 'products.id' : 'products.numeric_id')
  // The page's ids first: sorting whole rows (descriptions and all) costs SQLite far more.
  const [page, counted] = await Promise.all([
    sortAndPage(filtered.select('products.id'), plan, tiebreak).execute(),
    countMatches(db, filtered),
  ])
  const ids = page.map((row) => row.id)
  const rows = ids.length
    ? await db.selectFrom('products').selectAll().where('id', 'in', ids).execute()
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const products = await productViews(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
    options,
  )
  return { products, metadata: { count: products.length, offset: plan.offset, ...counted } }
}
