import type { CallerIdentity } from '../../auth/caller.js'
import type { PlatformContext } from '../../context.js'
import { forUpdate, transaction } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { eventIdentity } from '../events/index.js'
import { catalogEvents } from './events.js'
import { discounted, percentOf, toMinor, toUnits } from '../../money.js'
import { round } from './money.js'
import { refreshProductDocuments } from './product-documents.js'
import type { ProductRow } from './rows.js'
import { MAX_AMOUNT, type Adjustment, type BulkProperty } from './writer-schema.js'
import { now } from './writes.js'

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
  ctx: PlatformContext,
  caller: CallerIdentity,
  ids: string[],
  change: (row: ProductRow) => Change,
): Promise<BulkResponse> {
  return transaction(ctx.db, async (trx) => {
    const rows = await forUpdate(
      ctx.db,
      trx.selectFrom('products').selectAll().where('id', 'in', ids),
    ).execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    const identity = eventIdentity(caller)
    const results: BulkItemResult[] = []
    for (const [originalIndex, id] of ids.entries()) {
      const row = byId.get(id)
      const values = row ? change(row) : { error: `Product "${id}" not found` }
      if ('error' in values) {
        const code = row ? 'INVALID_VALUE' : 'NOT_FOUND'
        results.push({
          itemMetadata: {
            id,
            originalIndex,
            success: false,
            error: { code, description: values.error, data: {} },
          },
        })
        continue
      }
      const price = values.price ?? row!.price
      const set = {
        ...values,
        discounted_price: discounted(price, {
          type: row!.discount_type,
          value: row!.discount_value,
        }),
        last_updated: now(),
      }
      await trx.updateTable('products').set(set).where('id', '=', id).execute()
      const fields = (Object.keys(values) as BulkProperty[]).map((property) => WIRE[property])
      await catalogEvents.productChanged(trx, identity, id, fields)
      results.push({ itemMetadata: { id, originalIndex, success: true } })
    }
    await refreshProductDocuments(
      trx,
      results
        .filter((result) => result.itemMetadata.success)
        .map((result) => result.itemMetadata.id),
    )
    const totalFailures = results.filter((result) => !result.itemMetadata.success).length
    return {
      results,
      bulkActionMetadata: {
        totalSuccesses: results.length - totalFailures,
        totalFailures,
        undetailedFailures: 0,
      },
    }
  })
}

/** `POST /stores/v1/bulk/products/update`: sets price, cost and/or weight of every product. */
export function bulkUpdate(
  ctx: PlatformContext,
  caller: CallerIdentity,
  ids: string[],
  set: Partial<Record<BulkProperty, number>>,
): Promise<BulkResponse> {
  requireProperty(set, 'set')
  return bulk(ctx, caller, ids, () => set)
}

/** The body names at least one of price, cost, weight (unknown names were dropped by the schema). */
function requireProperty(values: object, field: string): void {
  if (!(['price', 'cost', 'weight'] as const).some((property) => property in values))
    throw PlatformError.invalid(field, 'needs one of price, cost, weight', 'REQUIRED_FIELD')
}

/**
 * `POST /stores/v1/bulk/products/adjust-properties`: adds an `amount` to, or changes by a
 * `percentage`, the price, cost and/or weight of every product (a missing cost or weight is 0).
 */
export function bulkAdjust(
  ctx: PlatformContext,
  caller: CallerIdentity,
  ids: string[],
  adjust: Partial<Record<BulkProperty, Adjustment>>,
): Promise<BulkResponse> {
  requireProperty(adjust, 'adjust')
  return bulk(ctx, caller, ids, (row) => {
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
