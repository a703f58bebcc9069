import type { Kysely } from 'kysely'

/** Rows backfilled per statement batch. */
const BATCH = 500

/** What this migration reads of an order's stored JSON. */
interface StoredOrder {
  buyerInfo?: { memberId?: string; visitorId?: string }
  shippingOption?: unknown
  lineItems?: { physicalProperties?: { shippable?: boolean } }[]
  priceSummary?: { total?: { amount?: string } }
}

/**
 * The columns an order search filters and sorts by (`searchOrders`): the order's status and
 * fulfillment status, the buyer as member or visitor, when it changed and was paid, and its total
 * (an exact decimal). Existing orders are backfilled from their stored JSON: a paid order is
 * `APPROVED` (purchased when it was created), fulfilled when nothing of it is shipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, 'text' | 'numeric', string | number][] = [
    ['status', 'text', 'APPROVED'],
    ['fulfillment_status', 'text', 'NOT_FULFILLED'],
    ['updated_date', 'text', ''],
    ['total_amount', 'numeric', 0],
  ]
  for (const [name, type, value] of columns)
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (col) => col.notNull().defaultTo(value))
      .execute()
  for (const name of ['member_id', 'visitor_id', 'purchased_date'])
    await db.schema.alterTable('orders').addColumn(name, 'text').execute()

  let after = ''
  for (;;) {
    const rows: { id: string; data: string; payment_status: string; created_date: string }[] =
      await db
        .selectFrom('orders')
        .select(['id', 'data', 'payment_status', 'created_date'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute()
    for (const row of rows) {
      const data = JSON.parse(row.data) as StoredOrder
      const paid = row.payment_status === 'PAID'
      const ships =
        !!data.shippingOption ||
        (data.lineItems ?? []).some((line) => line.physicalProperties?.shippable)
      await db
        .updateTable('orders')
        .set({
          status: paid ? 'APPROVED' : 'PENDING',
          fulfillment_status: ships ? 'NOT_FULFILLED' : 'FULFILLED',
          member_id: data.buyerInfo?.memberId ?? null,
          visitor_id: data.buyerInfo?.memberId ? null : (data.buyerInfo?.visitorId ?? null),
          updated_date: row.created_date,
          purchased_date: paid ? row.created_date : null,
          total_amount: data.priceSummary?.total?.amount ?? '0',
        })
        .where('id', '=', row.id)
        .execute()
    }
    if (rows.length < BATCH) break
    after = rows[rows.length - 1]!.id
  }

  await db.schema.createIndex('orders_member').on('orders').column('member_id').execute()
  await db.schema.createIndex('orders_visitor').on('orders').column('visitor_id').execute()
  await db.schema.createIndex('orders_buyer_email').on('orders').column('buyer_email').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['orders_buyer_email', 'orders_visitor', 'orders_member'])
    await db.schema.dropIndex(index).execute()
  for (const name of [
    'purchased_date',
    'visitor_id',
    'member_id',
    'total_amount',
    'updated_date',
    'fulfillment_status',
    'status',
  ])
    await db.schema.alterTable('orders').dropColumn(name).execute()
}
