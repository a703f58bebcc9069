import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import { prepared } from '../../db/prepared.js'
import type { Schema } from '../../db/schema.js'
import { joinJson, type JsonBody } from '../../http/json-text.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { hasVariants, productView, type ProductViewOptions } from './product-view.js'
import { productViews } from './product-views.js'
import { both, isTrue, parseQuery, type QueryInput } from './query-compiler.js'
import { countMatches, sortAndPage, toExpression } from './query-sql.js'
import { PRODUCT_FIELDS } from './query-fields.js'
import type { ProductRow } from './rows.js'
import { storeViewsLater, usableView } from './stored-views.js'
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

const productAndView = prepared((db, id: string) =>
  db
    .selectFrom('products')
    .leftJoin('product_views', 'product_views.product_id', 'products.id')
    .select(['products.visible', 'product_views.base', 'product_views.json'])
    .where('products.id', '=', id),
)

const productWithMemberships = prepared((db, id: string) =>
  db
    .selectFrom('products')
    .leftJoin('collection_products', 'collection_products.product_id', 'products.id')
    .selectAll('products')
    .select('collection_products.collection_id as member_of')
    .where('products.id', '=', id)
    .orderBy('collection_products.collection_id'),
)

const variantsOfProduct = prepared((db, id: string) =>
  db.selectFrom('variants').selectAll().where('product_id', '=', id).orderBy('position'),
)

const notFound = (id: string) => PlatformError.notFound(`Product "${id}" not found`)

/**
 * `GET /stores-reader/v1/products/{id}`, as JSON: `{"product": …}`. The stored view when
 * there is one for `options`; else the product with its collections in one query (a row per
 * membership), then its variants if it has options — and the view is stored for the next read.
 */
export async function getProduct(
  ctx: PlatformContext,
  id: string,
  reader: Reader,
  options: ProductViewOptions,
): Promise<JsonBody> {
  const db = ctx.db.kysely
  const [found] = await productAndView(db, id)
  if (!found || (!reader.elevated && found.visible !== 1)) throw notFound(id)
  const stored = usableView(found, options)
  if (stored !== undefined) return joinJson(['{"product":', stored, '}'])
  const rows = await productWithMemberships(db, id)
  const row = rows[0]
  if (!row) throw notFound(id)
  const variants = hasVariants(row) ? await variantsOfProduct(db, id) : undefined
  const collectionIds = rows.flatMap((member) => (member.member_of ? [member.member_of] : []))
  storeViewsLater(ctx, [id], options)
  return JSON.stringify({ product: productView(row, variants, collectionIds, options) })
}

/**
 * `query-platformized`, as JSON: a page of products matching the query (hidden ones only
 * for elevated readers) with `metadata {count, offset, total}`. Default order: creation
 * (`numericId`). Products of the page with a stored view are sent as stored; the others are built
 * (and stored for the next reads).
 */
export async function queryProducts(
  ctx: PlatformContext,
  query: QueryInput | undefined,
  reader: Reader,
  options: ProductViewOptions,
): Promise<Buffer> {
  const plan = parseQuery(query, PRODUCT_FIELDS)
  const where = reader.elevated ? plan.where : both(plan.where, isTrue(PRODUCT_FIELDS.visible!))
  const db = ctx.db.kysely
  const compile = { sqlite: ctx.db.dialect === 'sqlite' }
  const filtered = db.selectFrom('products').where((eb) => toExpression(eb, where, compile))
  const tiebreak = sql.ref(plan.sort.length ? 'products.id' : 'products.numeric_id')
  const [page, counted] = await Promise.all([
    sortAndPage(filtered.select('products.id'), plan, tiebreak).execute(),
    countMatches(db, filtered),
  ])
  const ids = page.map((row) => row.id)
  const json = await pageJson(ctx, ids, options)
  const metadata: PagingMetadata = { count: json.length, offset: plan.offset, ...counted }
  const products = json.flatMap((view, index) => (index ? [',', view] : [view]))
  return joinJson(['{"products":[', ...products, `],"metadata":${JSON.stringify(metadata)}}`])
}

/** The JSON of the products `ids`, in that order (the stored views, else built). */
async function pageJson(
  ctx: PlatformContext,
  ids: string[],
  options: ProductViewOptions,
): Promise<JsonBody[]> {
  if (ids.length === 0) return []
  const db = ctx.db.kysely
  const json = new Map<string, JsonBody>()
  if (!options.merchant)
    for (const view of await db
      .selectFrom('product_views')
      .select(['product_id', 'base', 'json'])
      .where('product_id', 'in', ids)
      .execute()) {
      const stored = usableView(view, options)
      if (stored !== undefined) json.set(view.product_id, stored)
    }
  const missing = ids.filter((id) => !json.has(id))
  if (missing.length > 0) {
    const rows = await db.selectFrom('products').selectAll().where('id', 'in', missing).execute()
    for (const view of await productViews(db, rows, options))
      json.set(view.id, JSON.stringify(view))
    storeViewsLater(ctx, missing, options)
  }
  return ids.flatMap((id) => json.get(id) ?? [])
}
