import type { Selectable } from 'kysely'
import { parseJson } from '../../db/json.js'
import { DEFAULT_VARIANT_ID } from './options.js'
import type { CollectionsTable, ProductsTable, VariantsTable } from './tables.js'
import type { StoredOption } from './types.js'

/** A row of `products`. */
export type ProductRow = Selectable<ProductsTable>
/** A row of `variants`. */
export type VariantRow = Selectable<VariantsTable>
/** A row of `collections`. */
export type CollectionRow = Selectable<CollectionsTable>

export { parseJson }

/** `product_options` of a product row, parsed. */
export const productOptionsOf = (row: Pick<ProductRow, 'product_options'>): StoredOption[] =>
  parseJson<StoredOption[]>(row.product_options, [])

/** `price_per_unit_data` of a product row, parsed, or null. */
export const pricePerUnitOf = (row: ProductRow): Record<string, unknown> | null =>
  parseJson<Record<string, unknown> | null>(row.price_per_unit_data, null)

/** The site currency of new products. */
export const SITE_CURRENCY = 'USD'

/** The provider's app id of Wix Stores: a catalog reference to one of these products carries it. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e'

/**
 * The variant a product without variant rows stands for (rows inserted directly, e.g. by a bulk
 * import): the default variant, with the product's own stock.
 */
export function defaultVariant(
  product: Pick<ProductRow, 'id' | 'track_inventory' | 'quantity' | 'in_stock'>,
): VariantRow {
  return {
    id: DEFAULT_VARIANT_ID,
    product_id: product.id,
    choices: '{}',
    choices_key: '',
    position: 0,
    price: null,
    cost: null,
    weight: null,
    sku: null,
    visible: 1,
    track_quantity: product.track_inventory,
    quantity: product.quantity,
    in_stock: product.in_stock,
    media: null,
  }
}
