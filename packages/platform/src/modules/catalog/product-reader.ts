import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { productDocuments } from './product-documents.js'
import type { ProductViewOptions } from './product-view.js'
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
import type { PagingMetadata } from './types.js'

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
 * `GET /stores-reader/v1/products/{id}`: `{product}` as JSON text, the product's stored document.
 */
export async function getProduct(
  ctx: PlatformContext,
  id: string,
  reader: Reader,
  options: ProductViewOptions,
): Promise<string> {
  const [product] = await productDocuments(ctx.db.kysely, [id], reader, options)
  if (!product) throw PlatformError.notFound(`Product "${id}" not found`)
  return `{"product":${product}}`
}

/**
 * `query-platformized`: a page of products matching the query (hidden ones only for elevated
 * readers) with `metadata {count, offset, total}`, as JSON text of the products' stored
 * documents. Default order: creation (`numericId`).
 */
export async function queryProducts(
  ctx: PlatformContext,
  query: QueryInput | undefined,
  reader: Reader,
  options: ProductViewOptions,
): Promise<string> {
  const plan = parseQuery(query, PRODUCT_FIELDS)
  const where = reader.elevated ? plan.where : both(plan.where, isTrue(PRODUCT_FIELDS.visible!))
  const db = ctx.db.kysely
  const filtered = db.selectFrom('products').where((eb) => toExpression(eb, where, ctx.db.dialect))
  const tiebreak = sql.ref(plan.sort.length ? 'products.id' : 'products.numeric_id')
  const [page, counted] = await Promise.all([
    sortAndPage(filtered.select('products.id'), plan, tiebreak).execute(),
    countMatches(db, filtered),
  ])
  const ids = page.map((row) => row.id)
  const products = await productDocuments(db, ids, reader, options)
  const metadata: PagingMetadata = { count: products.length, offset: plan.offset, ...counted }
  return `{"products":[${products.join(',')}],"metadata":${JSON.stringify(metadata)}}`
}
