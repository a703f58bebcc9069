import { forUpdate, transaction } from '../../db/transaction.js'
import { catalogEvents } from './events.js'
import { discounted, percentOf, toMinor, toUnits } from '../../money.js'
import { round } from './money.js'
import { refreshProductDocuments } from './product-documents.js'
import type { ProductRow } from './rows.js'
import { MAX_AMOUNT, type Adjustment, type BulkProperty } from './writer-schema.js'
import { now, type Writer } from './writes.js'

/** One product's outcome in a bulk answer. */
export interface BulkItemResult {
  itemMetadata: {
    id: string
    originalIndex: number
    success: boolean
    error?: { code: string; description: string; data: Record<string, unknown> }
  }
}

/** What the bulk calls answer. */
export interface BulkResponse {
  results: BulkItemResult[]
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number }
}

/** New values of one product, or why it cannot take them. */
type Change = Partial<Record<BulkProperty, number>> | { error: string }

const WIRE: Record<BulkProperty, string> = {
  price: 'price',
  cost: 'costAndProfitData',
  weight: 'weight',
}
/** Decimals a weight keeps. */
const WEIGHT_DIGITS = 3

/** `amount` (a price or cost) changed by `by`, computed in minor units of `currency`. */
function adjustedMoney(amount: number, by: Adjustment, currency: string): number {
  const minor = toMinor(amount, currency)
  const next =
    by.amount !== undefined
      ? minor + toMinor(by.amount, currency)
      : percentOf(minor, 100 + (by.percentage ?? 0))
  return toUnits(next, currency)
}

/**
 * Applies `change` to each product of `ids` in one transaction: a product's failure (unknown id,
 * a value that would go below 0) is reported in its result and does not stop the others. Each
 * product changed bumps its `lastUpdated` and emits `ProductChanged`.
 */
async function bulk(
  writer: Writer,
  ids: string[],
  change: (row: ProductRow) => Change,
): Promise<BulkResponse> {
  return transaction(writer.db, async (trx) => {
    const rows = await forUpdate(
      trx,
      trx.selectFrom('products').selectAll().where('id', 'in', ids),
    ).execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    const results: BulkItemResult[] = []
    const changed: string[] = []
    for (const [originalIndex, id] of ids.entries()) {
      const row = byId.get(id)
      const values = row ? change(row) : { error: `Product "${id}" not found` }
      if ('error' in values) {
        const error = { code: row ? 'INVALID_VALUE' : 'NOT_FOUND', description: values.error }
        results.push({
          itemMetadata: { id, originalIndex, success: false, error: { ...error, data: {} } },
        })
        continue
      }
      const price = values.price ?? row!.price
      const discount = { type: row!.discount_type, value: row!.discount_value }
      const set = { ...values, discounted_price: discounted(price, discount), last_updated: now() }
      await trx.updateTable('products').set(set).where('id', '=', id).execute()
      const fields = (Object.keys(values) as BulkProperty[]).map((property) => WIRE[property])
      await catalogEvents.productChanged(trx, writer.identity, id, fields)
      results.push({ itemMetadata: { id, originalIndex, success: true } })
      changed.push(id)
    }
    await refreshProductDocuments(trx, changed)
    const totalFailures = results.length - changed.length
    return {
      results,
      bulkActionMetadata: { totalSuccesses: changed.length, totalFailures, undetailedFailures: 0 },
    }
  })
}

/**
 * `POST /stores/v1/bulk/products/update`: sets price, cost and/or weight of every product (its
 * schema lets through a `set` of one of them at least, and no other key).
 */
export function bulkUpdate(
  writer: Writer,
  ids: string[],
  set: Partial<Record<BulkProperty, number>>,
): Promise<BulkResponse> {
  return bulk(writer, ids, () => set)
}

/**
 * `POST /stores/v1/bulk/products/adjust-properties`: adds an `amount` to, or changes by a
 * `percentage`, the price, cost and/or weight of every product (a missing cost or weight is 0).
 */
export function bulkAdjust(
  writer: Writer,
  ids: string[],
  adjust: Partial<Record<BulkProperty, Adjustment>>,
): Promise<BulkResponse> {
  return bulk(writer, ids, (row) => {
    const values: Partial<Record<BulkProperty, number>> = {}
    for (const [property, by] of Object.entries(adjust) as [BulkProperty, Adjustment][]) {
      const current = row[property] ?? 0
      const next =
        property === 'weight'
          ? round(
              by.amount !== undefined
                ? current + by.amount
                : current * (1 + (by.percentage ?? 0) / 100),
              WEIGHT_DIGITS,
            )
          : adjustedMoney(current, by, row.currency)
      if (next < 0) return { error: `The ${property} would be below 0 (${next})` }
      if (next > MAX_AMOUNT)
        return { error: `The ${property} would be above ${MAX_AMOUNT} (${next})` }
      values[property] = next
    }
    return values
  })
}
