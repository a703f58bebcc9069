import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import { prepared } from '../../db/prepared.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { hasVariants, productView, type ProductViewOptions } from './product-view.js'
import { both, isTrue, parseQuery, type QueryInput } from './query-compiler.js'
import { countMatches, sortAndPage, toExpression } from './query-sql.js'
import { PRODUCT_FIELDS } from './query-fields.js'
import type { ProductRow, VariantRow } from './rows.js'
import type { PagingMetadata, WireProduct } from './types.js'

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/**
 * The wire products of `rows`, in their order: their variants (only of products with options or
 * managed variants) and collections are read in one query each, whatever the number of rows.
 */
export async function productViews(
  db: Kysely<Schema>,
  rows: ProductRow[],
  options: ProductViewOptions,
): Promise<WireProduct[]> {
  if (rows.length === 0) return []
  const withVariants = rows.filter(hasVariants).map((row) => row.id)
  const [variants, members] = await Promise.all([
    withVariants.length
      ? db
          .selectFrom('variants')
          .selectAll()
          .where('product_id', 'in', withVariants)
          .orderBy('product_id')
          .orderBy('position')
          .execute()
      : ([] as VariantRow[]),
    db
      .selectFrom('collection_products')
      .select(['collection_id', 'product_id'])
      .where(
        'product_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('collection_id')
      .execute(),
  ])
  const variantsOf = groupBy(variants, (variant) => variant.product_id)
  const collectionsOf = groupBy(members, (member) => member.product_id)
  return rows.map((row) =>
    productView(
      row,
      variantsOf.get(row.id),
      (collectionsOf.get(row.id) ?? []).map((member) => member.collection_id),
      options,
    ),
  )
}

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

/**
 * `GET /stores-reader/v1/products/{id}`: the product with its collections in one query (a row per
 * membership), then its variants if it has options.
 */
export async function getProduct(
  ctx: PlatformContext,
  id: string,
  reader: Reader,
  options: ProductViewOptions,
): Promise<{ product: WireProduct }> {
  const db = ctx.db.kysely
  const rows = await productWithMemberships(db, id)
  const row = rows[0]
  if (!row || (!reader.elevated && row.visible !== 1))
    throw PlatformError.notFound(`Product "${id}" not found`)
  const variants = hasVariants(row) ? await variantsOfProduct(db, id) : undefined
  const collectionIds = rows.flatMap((member) => (member.member_of ? [member.member_of] : []))
  return { product: productView(row, variants, collectionIds, options) }
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
  const [rows, counted] = await Promise.all([
    sortAndPage(filtered.selectAll('products'), plan, tiebreak).execute(),
    countMatches(db, filtered),
  ])
  return {
    products: await productViews(db, rows, options),
    metadata: { count: rows.length, offset: plan.offset, ...counted },
  }
}
