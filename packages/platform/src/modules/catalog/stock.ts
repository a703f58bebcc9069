import { forUpdate, type Tx } from '../../db/transaction.js'
import type { EventIdentity } from '../events/index.js'
import { catalogEvents } from './events.js'
import { refreshProductDocuments } from './product-documents.js'
import type { ProductRow, VariantRow } from './rows.js'
import { loadedVariants } from './variant-view.js'
import { syncStock } from './variant-sync.js'

/** Units an order wants of a product (of its variant `variantId`, when it resolved to one). */
export interface StockWant {
  productId: string
  variantId: string | null
  name: string
  quantity: number
}

/** A tracked stock an order takes from: how many it holds and how many are wanted. */
export interface StockTake {
  product: ProductRow
  /** The variant holding the stock (a product managing its variants); else the product does. */
  variant: { row: VariantRow; choices: Record<string, string> } | null
  name: string
  available: number
  quantity: number
}

/**
 * Locks (PostgreSQL) the products of `wants` in id order and reads their stock as the catalog
 * reader computes it: the tracked stocks `wants` take from, one per stock (wants of one stock
 * summed). Untracked items and products gone from the catalog take nothing.
 */
export async function lockStock(trx: Tx, wants: StockWant[]): Promise<StockTake[]> {
  if (wants.length === 0) return []
  const ids = [...new Set(wants.map((want) => want.productId))].sort()
  const products = await forUpdate(
    trx,
    trx.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id'),
  ).execute()
  const variants = await trx
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', ids)
    .execute()
  const takes = new Map<string, StockTake>()
  for (const want of wants) {
    const product = products.find((row) => row.id === want.productId)
    if (!product) continue
    const row = variants.find((v) => v.product_id === product.id && v.id === want.variantId)
    const [loaded] = loadedVariants(product, row ? [row] : [])
    if (!loaded?.value.stock.trackQuantity) continue
    const managed = product.manage_variants === 1 && row !== undefined
    const key = managed ? `${product.id}/${row.id}` : product.id
    const take = takes.get(key) ?? {
      product,
      variant: managed ? { row, choices: loaded.choices } : null,
      name: want.name,
      available: loaded.value.stock.quantity ?? 0,
      quantity: 0,
    }
    take.quantity += want.quantity
    takes.set(key, take)
  }
  return [...takes.values()]
}

/**
 * Takes the units of `takes` (from {@link lockStock}, each within what is available) out of
 * stock: a stock reaching 0 is out of stock. Emits `VariantsChanged` (a managed variant's stock)
 * or `ProductChanged` (a product's stock) as `identity`.
 */
export const takeStock = (trx: Tx, takes: StockTake[], identity: EventIdentity) =>
  setStock(trx, takes, identity, (take) => take.available - take.quantity)

/**
 * Puts the units of `takes` (from {@link lockStock}: what a canceled order took) back in stock,
 * with the same events as {@link takeStock}.
 */
export const returnStock = (trx: Tx, takes: StockTake[], identity: EventIdentity) =>
  setStock(trx, takes, identity, (take) => take.available + take.quantity)

async function setStock(
  trx: Tx,
  takes: StockTake[],
  identity: EventIdentity,
  quantityOf: (take: StockTake) => number,
): Promise<void> {
  for (const take of takes) {
    const { product, variant } = take
    const quantity = quantityOf(take)
    const left = { quantity, in_stock: quantity > 0 ? 1 : 0 }
    if (variant) {
      await trx
        .updateTable('variants')
        .set(left)
        .where('product_id', '=', product.id)
        .where('id', '=', variant.row.id)
        .execute()
      await syncStock(trx, product.id)
      await catalogEvents.variantsChanged(trx, identity, product.id, [
        { variantId: variant.row.id, choices: variant.choices, changedFields: ['stock'] },
      ])
    } else {
      await trx.updateTable('products').set(left).where('id', '=', product.id).execute()
      await catalogEvents.productChanged(trx, identity, product.id, ['stock'])
    }
  }
  const productIds = takes.map((take) => take.product.id)
  await refreshProductDocuments(trx, productIds)
}
