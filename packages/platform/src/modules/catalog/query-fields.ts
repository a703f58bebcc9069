import { sql, type SqlBool } from 'kysely'
import type { FieldDef, FieldMap } from '../../query/index.js'

/*
 * The fields each catalog query can filter and sort by, mapped to whitelisted columns. Aliases
 * (`priceData.price` and `price`, `stock.inStock` and `inStock`, …) are the provider's names for
 * the same value.
 */

const column = (name: string) => sql.ref(name)

/**
 * Products in any of `ids` (in all of them when `all`; in any collection when null):
 * `collections.id`, `collectionIds`. An `in (subquery)` lets the engine start from the (few)
 * members of the collections; "all" counts each product's memberships among `ids`.
 */
const inCollections =
  (owner: string) =>
  (ids: readonly string[] | null, all = false) => {
    if (ids === null)
      return sql<SqlBool>`${column(owner)} in (select product_id from collection_products)`
    const unique = [...new Set(ids)]
    const members = sql`select product_id from collection_products where collection_id in (${sql.join(unique)})`
    return all
      ? sql<SqlBool>`${column(owner)} in (${members} group by product_id having count(*) = ${unique.length})`
      : sql<SqlBool>`${column(owner)} in (${members})`
  }

const text = (name: string, nullable = false): FieldDef => ({
  type: 'text',
  expr: column(name),
  nullable,
})
const number = (name: string): FieldDef => ({ type: 'number', expr: column(name) })
const boolean = (name: string): FieldDef => ({ type: 'boolean', expr: column(name) })
const date = (name: string): FieldDef => ({ type: 'date', expr: column(name) })
const membership = (owner: string): FieldDef => ({
  type: 'membership',
  expr: column(owner),
  member: inCollections(owner),
})

const price = number('products.price')
const discountedPrice = number('products.discounted_price')
const inStock = boolean('products.in_stock')
const collectionIds = membership('products.id')

/** `query-platformized`: fields of `products`. */
export const PRODUCT_FIELDS: FieldMap = {
  id: text('products.id'),
  name: { ...text('products.name'), lowerIndex: true },
  slug: text('products.slug'),
  sku: text('products.sku', true),
  numericId: { type: 'integer', expr: column('products.numeric_id') },
  visible: boolean('products.visible'),
  productType: {
    type: 'enum',
    expr: column('products.product_type'),
    values: ['physical', 'digital'],
  },
  description: text('products.description'),
  brand: text('products.brand', true),
  ribbon: text('products.ribbon', true),
  manageVariants: boolean('products.manage_variants'),
  price,
  'price.price': price,
  'priceData.price': price,
  discountedPrice,
  'price.discountedPrice': discountedPrice,
  'priceData.discountedPrice': discountedPrice,
  lastUpdated: date('products.last_updated'),
  createdDate: date('products.created_date'),
  inStock,
  'stock.inStock': inStock,
  'collections.id': collectionIds,
  collectionIds,
}

/** `/v2/collections/query`: fields of `collections`. */
export const COLLECTION_FIELDS: FieldMap = {
  id: text('collections.id'),
  name: text('collections.name'),
  slug: text('collections.slug'),
  visible: boolean('collections.visible'),
}

const variantSku = {
  type: 'text',
  expr: sql`coalesce(variants.sku, products.sku)`,
  nullable: true,
} as const
const variantInStock = boolean('variants.in_stock')

/** `/stores-reader/v1/variants/query`: store variants (`variants` joined with `products`). */
export const STORE_VARIANT_FIELDS: FieldMap = {
  id: {
    type: 'text',
    expr: sql`${column('variants.product_id')} || '-' || ${column('variants.id')}`,
  },
  variantId: text('variants.id'),
  productId: text('variants.product_id'),
  productName: text('products.name'),
  sku: variantSku,
  visible: boolean('variants.visible'),
  inStock: variantInStock,
  'stock.inStock': variantInStock,
  managedVariant: boolean('products.manage_variants'),
  'collections.id': membership('variants.product_id'),
  collectionIds: membership('variants.product_id'),
}
