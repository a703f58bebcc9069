import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { absoluteMedia, absoluteOptions } from './media-urls.js'
import { round } from './money.js'
import {
  parseJson,
  pricePerUnitOf,
  productOptionsOf,
  type ProductRow,
  type VariantRow,
} from './rows.js'
import type { Media, NumericRange, StoredOption, WireOption, WireProduct } from './types.js'
import {
  costAndProfit,
  loadedVariants,
  priceData,
  wireVariant,
  type EffectiveVariant,
} from './variant-view.js'

/** Who the product is shown to, and where the storefront's product pages are. */
export interface ProductViewOptions {
  /** Include cost and profit (an elevated caller that asked for merchant data). */
  merchant: boolean
  /** `productPageUrl.base`: the storefront's origin. */
  base: string
  /** The platform's public URL, on which the paths of its own media are made absolute. */
  publicUrl: string
}

/** A product has variant rows worth reading: it has options or manages variants. */
export const hasVariants = (row: ProductRow): boolean =>
  row.manage_variants === 1 || (row.product_options !== '[]' && row.product_options !== '')

const range = (values: number[]): NumericRange => ({
  minValue: values.length ? Math.min(...values) : 0,
  maxValue: values.length ? Math.max(...values) : 0,
})

/** Options with each choice's `inStock`/`visible`: any variant holding it is in stock/visible. */
export function wireOptions(
  options: StoredOption[],
  variants: { choices: Record<string, string>; value: EffectiveVariant }[],
): WireOption[] {
  return options.map((option) => ({
    ...option,
    choices: option.choices.map((choice) => {
      const holding = variants.filter((v) => v.choices[option.name] === choice.description)
      return {
        ...choice,
        inStock: holding.some((v) => v.value.stock.inStock && v.value.visible),
        visible: holding.some((v) => v.value.visible),
      }
    }),
  }))
}

function inventoryStatus(values: EffectiveVariant[]): string {
  const inStock = values.filter((value) => value.stock.inStock).length
  if (inStock === values.length) return 'IN_STOCK'
  return inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK'
}

/**
 * The wire product (wire-contract §8) built from its row, its variant rows (read only for
 * products with options or managed variants; the default variant otherwise) and its collections.
 */
export function productView(
  row: ProductRow,
  variantRows: VariantRow[] | undefined,
  collectionIds: string[],
  options: ProductViewOptions,
): WireProduct {
  const variants = loadedVariants(row, variantRows ?? [])
  const values = variants.map((variant) => variant.value)
  const shown = values.filter((value) => value.visible)
  const ranged = shown.length ? shown : values
  const productOptions = productOptionsOf(row)
  const prices = priceData(row, row.price, row.discounted_price)
  const tracked = row.track_inventory === 1
  const managedQuantity = values.reduce((sum, value) => sum + (value.stock.quantity ?? 0), 0)
  const quantity = row.manage_variants === 1 ? managedQuantity : row.quantity
  // A row written outside the writer may lack `items`: it reads as no media, never as a 500.
  const mediaItems = parseJson<Partial<Media>>(row.media, {}).items ?? []
  const withVariants = hasVariants(row)
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    visible: row.visible === 1,
    productType: row.product_type,
    description: row.description,
    ...(row.sku === null ? {} : { sku: row.sku }),
    weight: row.weight ?? 0,
    weightRange: range(ranged.map((value) => value.weight)),
    stock: {
      trackInventory: tracked,
      ...(tracked && quantity !== null ? { quantity } : {}),
      inStock: values.some((value) => value.stock.inStock),
      inventoryStatus: inventoryStatus(values),
    },
    price: prices,
    priceData: prices,
    convertedPriceData: prices,
    priceRange: range(ranged.map((value) => value.price)),
    ...(options.merchant
      ? {
          costAndProfitData: costAndProfit(row.currency, row.cost, row.discounted_price),
          costRange: range(ranged.map((value) => value.cost ?? 0)),
        }
      : {}),
    ...(row.price_per_unit_data === null ? {} : { pricePerUnitData: pricePerUnitOf(row) ?? {} }),
    additionalInfoSections: parseJson<unknown[]>(row.additional_info_sections, []),
    ribbons: row.ribbon ? [{ text: row.ribbon }] : [],
    media: absoluteMedia({ items: mediaItems }, options.publicUrl),
    customTextFields: parseJson<unknown[]>(row.custom_text_fields, []),
    manageVariants: row.manage_variants === 1,
    productOptions: wireOptions(absoluteOptions(productOptions, options.publicUrl), variants),
    productPageUrl: { base: options.base, path: `/product-page/${row.slug}` },
    numericId: String(row.numeric_id),
    // One inventory item per product: its id is the product's.
    inventoryItemId: row.id,
    discount: { type: row.discount_type, value: round(row.discount_value) },
    collectionIds,
    ...(withVariants
      ? { variants: variants.map((variant) => wireVariant(row, variant, options.merchant)) }
      : {}),
    lastUpdated: row.last_updated,
    createdDate: row.created_date,
    seoData: parseJson<Record<string, unknown>>(row.seo_data, { tags: [] }),
    ...(row.ribbon === null ? {} : { ribbon: row.ribbon }),
    ...(row.brand === null ? {} : { brand: row.brand }),
  }
}

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** The ids of the collections of each of `productIds` (none: no entry), in id order. */
export async function collectionIdsOf(
  db: Kysely<Schema>,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const members = await db
    .selectFrom('collection_products')
    .select(['collection_id', 'product_id'])
    .where('product_id', 'in', productIds)
    .orderBy('collection_id')
    .execute()
  const grouped = groupBy(members, (member) => member.product_id)
  return new Map([...grouped].map(([id, rows]) => [id, rows.map((row) => row.collection_id)]))
}

/**
 * The wire products of `rows`, in their order, as each of `shown` shows them (`views[k][i]`: row
 * `i` as `shown[k]`): their variants (only of products with options or managed variants) and
 * collections are read in one query each, whatever the number of rows.
 */
export async function productViews(
  db: Kysely<Schema>,
  rows: ProductRow[],
  shown: ProductViewOptions[],
): Promise<WireProduct[][]> {
  if (rows.length === 0) return shown.map(() => [])
  const ids = rows.map((row) => row.id)
  const withVariants = rows.filter(hasVariants).map((row) => row.id)
  const [variants, collections] = await Promise.all([
    withVariants.length
      ? db
          .selectFrom('variants')
          .selectAll()
          .where('product_id', 'in', withVariants)
          .orderBy('product_id')
          .orderBy('position')
          .execute()
      : ([] as VariantRow[]),
    collectionIdsOf(db, ids),
  ])
  const variantsOf = groupBy(variants, (variant) => variant.product_id)
  return shown.map((options) =>
    rows.map((row) =>
      productView(row, variantsOf.get(row.id), collections.get(row.id) ?? [], options),
    ),
  )
}
