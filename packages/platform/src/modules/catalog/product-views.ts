import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { hasVariants, productView, type ProductViewOptions } from './product-view.js'
import type { ProductRow, VariantRow } from './rows.js'
import type { WireProduct } from './types.js'

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
