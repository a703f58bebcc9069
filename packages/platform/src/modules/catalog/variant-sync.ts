import { randomUUID } from 'node:crypto'
import type { Tx } from '../../db/transaction.js'
import { choicesKey, combinations, DEFAULT_VARIANT_ID } from './options.js'
import { defaultVariant, type ProductRow } from './rows.js'
import type { StoredOption } from './types.js'

const CHUNK = 200

/**
 * Makes the product's variant rows one per combination of `options` (the default variant
 * without options), in order. Rows of combinations that remain keep their id and data; new
 * combinations start with the product's defaults and stock.
 */
export async function syncVariants(
  trx: Tx,
  product: Pick<ProductRow, 'id' | 'track_inventory' | 'quantity' | 'in_stock'>,
  options: StoredOption[],
): Promise<void> {
  const existing = await trx
    .selectFrom('variants')
    .select(['id', 'choices_key', 'position'])
    .where('product_id', '=', product.id)
    .execute()
  const wanted = combinations(options).map((choices, position) => ({
    choices,
    position,
    key: choicesKey(choices),
  }))
  const keys = new Set(wanted.map((variant) => variant.key))
  const gone = existing.filter((row) => !keys.has(row.choices_key)).map((row) => row.id)
  for (let i = 0; i < gone.length; i += CHUNK)
    await trx
      .deleteFrom('variants')
      .where('product_id', '=', product.id)
      .where('id', 'in', gone.slice(i, i + CHUNK))
      .execute()
  const byKey = new Map(existing.map((row) => [row.choices_key, row]))
  for (const variant of wanted) {
    const row = byKey.get(variant.key)
    if (row && row.position !== variant.position)
      await trx
        .updateTable('variants')
        .set({ position: variant.position })
        .where('product_id', '=', product.id)
        .where('id', '=', row.id)
        .execute()
  }
  const tracked = product.track_inventory === 1
  const added = wanted
    .filter((variant) => !byKey.has(variant.key))
    .map((variant) => ({
      ...defaultVariant(product),
      id: variant.key === '' ? DEFAULT_VARIANT_ID : randomUUID(),
      choices: JSON.stringify(variant.choices),
      choices_key: variant.key,
      position: variant.position,
      quantity: tracked ? (product.quantity ?? 0) : null,
    }))
  for (let i = 0; i < added.length; i += CHUNK)
    await trx
      .insertInto('variants')
      .values(added.slice(i, i + CHUNK))
      .execute()
}

/** A product managing its variants is in stock when one of its variants is. */
export async function syncStock(trx: Tx, productId: string): Promise<void> {
  const product = await trx
    .selectFrom('products')
    .select('manage_variants')
    .where('id', '=', productId)
    .executeTakeFirst()
  if (product?.manage_variants !== 1) return
  const inStock = await trx
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('in_stock', '=', 1)
    .executeTakeFirst()
  await trx
    .updateTable('products')
    .set({ in_stock: inStock ? 1 : 0 })
    .where('id', '=', productId)
    .execute()
}
