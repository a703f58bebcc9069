import { randomUUID } from 'node:crypto'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { catalogEvents } from './events.js'
import {
  applyProductInput,
  changedFields,
  NEW_PRODUCT,
  normalizeOptions,
  type ProductState,
} from './product-input.js'
import { productDocuments, refreshProductDocuments } from './product-documents.js'
import type { ProductRow } from './rows.js'
import type { WireProduct } from './types.js'
import { syncStock, syncVariants } from './variant-sync.js'
import type { ProductInput } from './writer-schema.js'
import { chooseSlug, lockProduct, nextNumericId, now, type Writer } from './writes.js'
import { viewOptions } from './access.js'

/**
 * Rebuilds the document of product `id` after a write, and answers it as an elevated caller sees
 * it (cost and profit included).
 */
async function writtenProduct(writer: Writer, trx: Tx, id: string): Promise<WireProduct> {
  await refreshProductDocuments(trx, [id])
  const elevated = { elevated: true }
  const [product] = await productDocuments(trx, [id], elevated, viewOptions(writer, elevated, true))
  return JSON.parse(product!)
}

/**
 * `POST /stores/v1/products`: a new product (UUID id, next `numericId`, a slug from its name when
 * none is given) with one variant per combination of its options; emits `ProductCreated`.
 */
export async function createProduct(
  writer: Writer,
  input: ProductInput,
): Promise<{ product: WireProduct }> {
  const state = applyProductInput({ ...NEW_PRODUCT }, input)
  const options = input.productOptions ? normalizeOptions(input.productOptions, '[]') : []
  return transaction(writer.db, async (trx) => {
    const numericId = await nextNumericId(trx)
    const slug = await chooseSlug(trx, 'products', input.slug, state.name)
    const at = now()
    const row: ProductRow = {
      ...state,
      id: randomUUID(),
      numeric_id: numericId,
      slug,
      product_options: JSON.stringify(options),
      created_date: at,
      last_updated: at,
    }
    await trx.insertInto('products').values(row).execute()
    await syncVariants(trx, row, options)
    await syncStock(trx, row.id)
    const product = await writtenProduct(writer, trx, row.id)
    await catalogEvents.productCreated(trx, writer.identity, product)
    return { product }
  })
}

/**
 * Runs `change` on the locked product `id` (404 when unknown): writes the columns that changed,
 * bumps `lastUpdated` and emits `ProductChanged` with the wire fields that changed. Answers the
 * product after the change.
 */
async function changeProduct(
  writer: Writer,
  id: string,
  change: (trx: Tx, row: ProductRow) => Promise<ProductState>,
): Promise<{ product: WireProduct }> {
  return transaction(writer.db, async (trx) => {
    const row = await lockProduct(trx, id)
    const next = await change(trx, row)
    const fields = changedFields(row, next)
    if (fields.length) {
      const columns = Object.fromEntries(
        Object.entries(next).filter(([column, value]) => row[column as keyof ProductRow] !== value),
      )
      await trx
        .updateTable('products')
        .set({ ...columns, last_updated: now() })
        .where('id', '=', id)
        .execute()
      if (next.product_options !== row.product_options)
        await syncVariants(trx, { ...row, ...next }, JSON.parse(next.product_options!))
      await syncStock(trx, id)
      await catalogEvents.productChanged(trx, writer.identity, id, fields)
    }
    return { product: await writtenProduct(writer, trx, id) }
  })
}

/**
 * `PATCH /stores/v1/products/{id}`: changes the given fields. New options keep the data of the
 * variants whose combination remains. A slug another product has is a 409.
 */
export function updateProduct(
  writer: Writer,
  id: string,
  input: ProductInput,
): Promise<{ product: WireProduct }> {
  return changeProduct(writer, id, async (trx, row) => {
    const next = applyProductInput({ ...row }, input)
    if (input.slug !== undefined && input.slug !== row.slug)
      next.slug = await chooseSlug(trx, 'products', input.slug, next.name, id)
    if (input.productOptions)
      next.product_options = JSON.stringify(
        normalizeOptions(input.productOptions, row.product_options),
      )
    return next
  })
}

/** `DELETE /stores/v1/products/{id}`: the product, its variants and memberships; `ProductDeleted`. */
export async function deleteProduct(writer: Writer, id: string): Promise<void> {
  await transaction(writer.db, async (trx) => {
    const { numDeletedRows } = await trx
      .deleteFrom('products')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!numDeletedRows) throw PlatformError.notFound(`Product "${id}" not found`)
    await refreshProductDocuments(trx, [id])
    await catalogEvents.productDeleted(trx, writer.identity, id)
  })
}

/**
 * `DELETE /stores/v1/products/{id}/options`: no options any more; the variants collapse to the
 * default one and the product no longer manages variants.
 */
export async function deleteProductOptions(writer: Writer, id: string): Promise<void> {
  await changeProduct(writer, id, async (_trx, row) => ({
    ...row,
    product_options: '[]',
    manage_variants: 0,
  }))
}

/** `POST …/remove-brand` and `…/remove-ribbon`: the product's brand or ribbon is cleared. */
export async function removeProductField(
  writer: Writer,
  id: string,
  column: 'brand' | 'ribbon',
): Promise<void> {
  await changeProduct(writer, id, async (_trx, row) => ({ ...row, [column]: null }))
}
