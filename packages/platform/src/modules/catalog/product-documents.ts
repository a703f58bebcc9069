import { randomUUID } from 'node:crypto'
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import type { Reader } from './access.js'
import { productViews, type ProductViewOptions } from './product-view.js'
import type { ProductDocumentsTable } from './tables.js'

/*
 * Stored product documents: each product's wire JSON as the reader sends it, built by
 * `productView` from the rows when the catalog writes them, in the same transaction. What differs
 * per answer is not stored as such: the merchant's cost and profit are in a second document, and
 * the public URL (on which the platform's own media are made absolute) and the product pages'
 * origin are the document's random marker followed by `u` and `b`, replaced when answering. No
 * text a merchant writes can hold a marker: it is new at every build and never sent.
 */

/** What follows the marker where the public URL goes, and where the product pages' origin goes. */
const PUBLIC_URL = 'u'
const BASE = 'b'
/** Products rebuilt per statement. */
const CHUNK = 200

/**
 * Rebuilds the stored documents of the products `ids` from their rows (a product that no longer
 * exists loses its document). Every catalog write calls it in its transaction once its rows are
 * written: on PostgreSQL it locks the products first, so that the last of two concurrent writes
 * of a product builds its document from both.
 */
export async function refreshProductDocuments(
  trx: Kysely<Schema>,
  ids: readonly string[],
): Promise<void> {
  const unique = [...new Set(ids)].sort()
  const lock = trx.getExecutor().adapter instanceof PostgresAdapter
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK)
    const select = trx.selectFrom('products').selectAll().where('id', 'in', chunk).orderBy('id')
    const rows = await (lock ? select.forUpdate() : select).execute()
    await trx.deleteFrom('product_documents').where('product_id', 'in', chunk).execute()
    if (rows.length === 0) continue
    const marker = randomUUID()
    const shown = { base: marker + BASE, publicUrl: marker + PUBLIC_URL }
    const [plain, merchant] = await productViews(trx, rows, [
      { ...shown, merchant: false },
      { ...shown, merchant: true },
    ])
    await trx
      .insertInto('product_documents')
      .values(
        rows.map((row, k) => ({
          product_id: row.id,
          visible: row.visible,
          marker,
          document: JSON.stringify(plain![k]),
          merchant_document: JSON.stringify(merchant![k]),
        })),
      )
      .execute()
  }
}

/** Builds the documents of the products that have none (a database from before them). */
export async function fillProductDocuments(db: Database): Promise<void> {
  const missing = await db.kysely
    .selectFrom('products')
    .select('id')
    .where('id', 'not in', (eb) => eb.selectFrom('product_documents').select('product_id'))
    .execute()
  for (let i = 0; i < missing.length; i += CHUNK) {
    const ids = missing.slice(i, i + CHUNK).map((row) => row.id)
    await transaction(db, (trx) => refreshProductDocuments(trx, ids))
  }
}

/** `value` as the text between the quotes of its JSON string. */
const inJson = (value: string) => JSON.stringify(value).slice(1, -1)

type StoredDocument = Pick<ProductDocumentsTable, 'product_id' | 'marker' | 'document'>

/** The stored text of `options`: with cost and profit for a merchant. */
const column = (options: ProductViewOptions) =>
  sql.ref(options.merchant ? 'merchant_document' : 'document')

/**
 * The wire products of `ids` that `reader` may see (hidden ones only elevated), in the order of
 * `ids`, as `options` shows them: JSON texts. Written as SQL: it runs for every product page and
 * product list.
 */
export async function productDocuments(
  db: Kysely<Schema>,
  ids: readonly string[],
  reader: Reader,
  options: ProductViewOptions,
): Promise<string[]> {
  if (ids.length === 0) return []
  const { rows } = await sql<StoredDocument>`
    select product_id, marker, ${column(options)} as document from product_documents
    where product_id in (${sql.join(ids)}) and (visible = 1 or ${Number(reader.elevated)} = 1)
  `.execute(db)
  const byId = new Map(rows.map((row) => [row.product_id, row]))
  const publicUrl = inJson(options.publicUrl)
  const base = inJson(options.base)
  return ids.flatMap((id) => {
    const stored = byId.get(id)
    if (!stored) return []
    const { marker, document } = stored
    return [document.replaceAll(marker + PUBLIC_URL, publicUrl).replaceAll(marker + BASE, base)]
  })
}
