import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { Tx } from '../../db/transaction.js'
import type { Money } from '../../money.js'
import type { Address, WireEstimate, WireLineItem, WireShippingOption } from '../cart/index.js'

/** The number of the first order (the provider's shops start there too). */
export const FIRST_ORDER_NUMBER = 10001
/** The `settings` key of the last order number given. */
const LAST_NUMBER = 'orders.last_number'

/** What `orders.data` holds: the order as placed, in the wire's shapes. */
export interface OrderData {
  cartId: string
  currency: string
  /** `{visitorId}` or `{memberId, email}`: who placed it. */
  buyerInfo: Record<string, string>
  buyerName: string
  shippingAddress: Address
  /** The chosen option as the totals priced it; null when nothing is shipped. */
  shippingOption: WireShippingOption | null
  lineItems: WireLineItem[]
  priceSummary: WireEstimate['priceSummary']
  appliedDiscounts: WireEstimate['appliedDiscounts']
  taxSummary: WireEstimate['taxSummary']
  payment: { method: 'TEST_CARD'; cardLast4: string; amount: Money }
}

/** An order as the merchant's route answers it. */
export type WireOrder = {
  id: string
  number: number
  checkoutId: string
  buyerEmail: string | null
  paymentStatus: string
  createdDate: string
} & OrderData

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

/** Stores a paid order of checkout `checkoutId` in `trx`; returns its id and number. */
export async function insertOrder(
  trx: Tx,
  order: { checkoutId: string; ownerId: string; buyerEmail: string; data: OrderData },
): Promise<{ id: string; number: number }> {
  const id = randomUUID()
  const number = await nextOrderNumber(trx)
  await trx
    .insertInto('orders')
    .values({
      id,
      number,
      checkout_id: order.checkoutId,
      owner_identity_id: order.ownerId,
      data: JSON.stringify(order.data),
      buyer_email: order.buyerEmail,
      payment_status: 'PAID',
      created_date: new Date().toISOString(),
    })
    .execute()
  return { id, number }
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

/** The newest `limit` orders, newest first. */
export async function listOrders(db: Kysely<Schema>, limit: number): Promise<WireOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .orderBy('created_date', 'desc')
    .orderBy('number', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    checkoutId: row.checkout_id,
    buyerEmail: row.buyer_email,
    paymentStatus: row.payment_status,
    createdDate: row.created_date,
    ...(JSON.parse(row.data) as OrderData),
  }))
}
