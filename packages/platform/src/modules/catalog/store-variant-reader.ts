import { sql, type Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { absoluteItem, wireImage } from './media-urls.js'
import { collectionIdsOf } from './product-view.js'
import {
  countMatches,
  parseQuery,
  sortAndPage,
  toExpression,
  type QueryInput,
} from '../../query/index.js'
import { STORE_VARIANT_FIELDS } from './query-fields.js'
import { parseJson, productOptionsOf, type ProductRow, type VariantRow } from './rows.js'
import type { Media, MediaItem, PagingMetadata, StoreVariant } from './types.js'
import { loadedVariants, variantData, type LoadedVariant } from './variant-view.js'

/**
 * A store variant's media: its image in the provider's form (the platform's own with its media id,
 * which clients make a `wix:image://` reference of; another's as a URL), or its video as a URL.
 */
function storeMedia(stored: MediaItem | undefined, publicUrl: string): StoreVariant['media'] {
  if (!stored) return {}
  if (stored.image) return { image: wireImage(stored.image, publicUrl) }
  const url = absoluteItem(stored, publicUrl).video?.files[0]?.url
  return url ? { video: { url } } : {}
}

/** The variant's own media, else its first choice's, else the product's main media. */
function variantMedia(product: ProductRow, row: VariantRow, choices: Record<string, string>) {
  const own = parseJson<MediaItem | null>(row.media, null)
  if (own) return own
  for (const option of productOptionsOf(product)) {
    const choice = option.choices.find(
      (candidate) => candidate.description === choices[option.name],
    )
    if (choice?.media?.items[0]) return choice.media.items[0]
  }
  return parseJson<Media>(product.media, { items: [] }).items[0]
}

/**
 * The wire store variants of `rows`, with their products and collections read in one query
 * each.
 */
async function storeVariants(ctx: PlatformContext, rows: VariantRow[], merchant: boolean) {
  if (rows.length === 0) return []
  const db = ctx.db.kysely
  const productIds = [...new Set(rows.map((row) => row.product_id))]
  const [products, collections] = await Promise.all([
    db.selectFrom('products').selectAll().where('id', 'in', productIds).execute(),
    collectionIdsOf(db, productIds),
  ])
  const byId = new Map(products.map((product) => [product.id, product]))
  return rows.map((row): StoreVariant => {
    const product = byId.get(row.product_id)!
    const [{ choices, value }] = loadedVariants(product, [row]) as [LoadedVariant]
    const names = Object.values(choices)
    return {
      id: `${product.id}-${row.id}`,
      variantId: row.id,
      productId: product.id,
      variantName: names.length ? names.join(' | ') : product.name,
      productName: product.name,
      managedVariant: product.manage_variants === 1,
      ...(value.sku === null ? {} : { sku: value.sku }),
      choices,
      collectionIds: collections.get(product.id) ?? [],
      variant: variantData(product, value, merchant),
      stock: value.stock,
      media: storeMedia(variantMedia(product, row, choices), ctx.config.publicUrl),
    }
  })
}

/** Variants and products joined, limited to what `reader` may see. */
const visibleVariants = (db: Kysely<Schema>, reader: Reader) => {
  const joined = db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
  return reader.elevated
    ? joined
    : joined.where('products.visible', '=', 1).where('variants.visible', '=', 1)
}

/** `POST /stores-reader/v1/variants/query`: store variants matching the query, paged. */
export async function queryStoreVariants(
  ctx: PlatformContext,
  query: QueryInput | undefined,
  reader: Reader,
  merchant: boolean,
): Promise<{ variants: StoreVariant[]; metadata: PagingMetadata }> {
  const plan = parseQuery(query, STORE_VARIANT_FIELDS, 100)
  const { kysely: db, dialect } = ctx.db
  const filtered = visibleVariants(db, reader).where((eb) => toExpression(eb, plan.where, dialect))
  const tiebreak = [sql.ref('products.numeric_id'), sql.ref('variants.position')]
  const [rows, counted] = await Promise.all([
    sortAndPage(filtered.selectAll('variants'), plan, ...tiebreak).execute(),
    countMatches(db, filtered),
  ])
  return {
    variants: await storeVariants(ctx, rows, merchant),
    metadata: { count: rows.length, offset: plan.offset, ...counted },
  }
}

/**
 * `GET /stores-reader/v1/variants/{id}`: a store variant by `<productId>-<variantId>` (both may
 * hold dashes: every split is tried, each a primary-key lookup).
 */
export async function getStoreVariant(
  ctx: PlatformContext,
  id: string,
  reader: Reader,
): Promise<{ variant: StoreVariant }> {
  const splits: [string, string][] = []
  for (let at = id.indexOf('-'); at > 0; at = id.indexOf('-', at + 1))
    if (at < id.length - 1) splits.push([id.slice(0, at), id.slice(at + 1)])
  const row = splits.length
    ? await visibleVariants(ctx.db.kysely, reader)
        .selectAll('variants')
        .where((eb) =>
          eb.or(
            splits.map(([product, variant]) =>
              eb.and([eb('variants.product_id', '=', product), eb('variants.id', '=', variant)]),
            ),
          ),
        )
        .executeTakeFirst()
    : undefined
  if (!row) throw PlatformError.notFound(`Store variant "${id}" not found`)
  const [variant] = await storeVariants(ctx, [row], false)
  return { variant: variant! }
}
