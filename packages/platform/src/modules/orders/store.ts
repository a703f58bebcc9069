import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Identity, Schema } from '../../db/schema.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import type { Money } from '../../money.js'
import type { Address, WireEstimate, WireShippingOption, WireLineItem } from '../cart/index.js'
import type { StockWant } from '../catalog/index.js'
import type { OrderRow } from './tables.js'

/** The number of the first order (the provider's shops start there too). */
export const FIRST_ORDER_NUMBER = 10001
/** The `settings` key of the last order number given. */
const LAST_NUMBER = 'orders.last_number'

/** What one line cost as the checkout priced it (the estimate's `calculatedLineItems`). */
export interface LineTotals {
  lineItemId: string
  totalDiscount: Money
  totalPriceBeforeTax: Money
  totalPriceAfterTax: Money
  taxRate: string
  totalTax: Money
}

/** What `orders.data` holds: the order as placed, in the wire's shapes. */
export interface OrderData {
  cartId: string
  currency: string
  /** `{visitorId}` or `{memberId, email}`: who placed it. */
  buyerInfo: Record<string, string>
  buyerName: string
  /** The buyer's note to the shop, from the cart; absent when there was none. */
  buyerNote?: string
  shippingAddress: Address
  /** The chosen option as the totals priced it; null when nothing is shipped. */
  shippingOption: WireShippingOption | null
  lineItems: WireLineItem[]
  /** Per line; absent in orders placed before the checkout kept it. */
  lineTotals?: LineTotals[]
  priceSummary: WireEstimate['priceSummary']
  appliedDiscounts: WireEstimate['appliedDiscounts']
  taxSummary: WireEstimate['taxSummary']
  payment: { method: 'TEST_CARD'; cardLast4: string; amount: Money }
  /** The catalog units the order wanted from stock (tracked ones were taken), to restock. */
  stock?: StockWant[]
  /** Whether a cancellation put the order's units back in stock. */
  restocked?: boolean
}

/** The {@link OrderData} of an order's row (stored by `insertOrder`: bad JSON there is a bug). */
export const orderDataOf = (row: { data: string }): OrderData => JSON.parse(row.data) as OrderData

/** What the checkout's estimate says each line cost, as an order keeps it. */
export function lineTotalsOf(estimate: WireEstimate): LineTotals[] {
  return (estimate.calculatedLineItems as CalculatedLine[]).map(
    ({ lineItemId, pricesBreakdown }) => ({
      lineItemId,
      totalDiscount: pricesBreakdown.totalDiscount,
      totalPriceBeforeTax: pricesBreakdown.totalPriceBeforeTax,
      totalPriceAfterTax: pricesBreakdown.totalPriceAfterTax,
      taxRate: pricesBreakdown.taxDetails.taxRate,
      totalTax: pricesBreakdown.taxDetails.totalTax,
    }),
  )
}

/** A `calculatedLineItems` entry of the cart's estimate (cart/totals-wire.ts makes them). */
interface CalculatedLine {
  lineItemId: string
  pricesBreakdown: {
    totalDiscount: Money
    totalPriceBeforeTax: Money
    totalPriceAfterTax: Money
    taxDetails: { taxRate: string; totalTax: Money }
  }
}

/**
 * The next order number: one counter row in `settings`, incremented in `trx` (the row stays
 * locked until `trx` ends, so concurrent orders get distinct numbers on PostgreSQL too).
 */
async function nextOrderNumber(trx: Tx): Promise<number> {
  const row = await trx
    .insertInto('settings')
    .values({ key: LAST_NUMBER, value: String(FIRST_ORDER_NUMBER) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: sql<string>`cast(cast(settings.value as integer) + 1 as text)` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow()
  return Number(row.value)
}

/** What {@link insertOrder} stores. */
export interface NewOrder {
  checkoutId: string
  /** Who placed it: a member is `buyerInfo.memberId`, anyone else `buyerInfo.visitorId`. */
  owner: Pick<Identity, 'id' | 'type'>
  buyerEmail: string
  data: OrderData
}

/**
 * Stores a paid order of checkout `checkoutId` in `trx` (approved, paid; fulfilled already when
 * nothing of it is shipped); returns its row.
 */
export async function insertOrder(trx: Tx, order: NewOrder): Promise<OrderRow> {
  const now = new Date().toISOString()
  const { data, owner } = order
  const ships =
    !!data.shippingOption || data.lineItems.some((line) => line.physicalProperties.shippable)
  const values = {
    id: randomUUID(),
    number: await nextOrderNumber(trx),
    checkout_id: order.checkoutId,
    owner_identity_id: owner.id,
    data: JSON.stringify(data),
    buyer_email: order.buyerEmail,
    payment_status: 'PAID',
    created_date: now,
    status: 'APPROVED',
    fulfillment_status: ships ? 'NOT_FULFILLED' : 'FULFILLED',
    member_id: owner.type === 'MEMBER' ? owner.id : null,
    visitor_id: owner.type === 'MEMBER' ? null : owner.id,
    updated_date: now,
    purchased_date: now,
    total_amount: data.priceSummary.total.amount,
  }
  await trx.insertInto('orders').values(values).execute()
  return { ...values, total_amount: Number(values.total_amount) }
}

/** The order placed from checkout `checkoutId`, if any. */
export function orderOfCheckout(
  db: Kysely<Schema>,
  checkoutId: string,
): Promise<{ id: string; number: number } | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst()
}

/** Order `id`'s row, if it exists. */
export function findOrder(db: Kysely<Schema>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Order `id`'s row, locked until `trx` ends, if it exists. */
export function lockOrder(trx: Tx, id: string): Promise<OrderRow | undefined> {
  return forUpdate(
    trx,
    trx.selectFrom('orders').selectAll().where('id', '=', id),
  ).executeTakeFirst()
}
