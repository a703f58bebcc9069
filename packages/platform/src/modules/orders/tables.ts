import type { ColumnType, Selectable } from 'kysely'

/** A placed order: what the checkout stored (`data`) and the columns searches filter and sort by. */
export interface OrdersTable {
  id: string
  number: number
  checkout_id: string
  owner_identity_id: string
  /** JSON of the order as placed ({@link OrderData}): line items, totals, addresses, payment. */
  data: string
  /** The e-mail the buyer gave at checkout (migration 0010). */
  buyer_email: string | null
  /** `PAID` (test payment taken) or `NOT_PAID` (migration 0010). */
  payment_status: string
  created_date: string
  /** `APPROVED`, `CANCELED`, `PENDING`, `REJECTED` or `INITIALIZED` (migration 0017). */
  status: string
  /** `NOT_FULFILLED`, `FULFILLED` or `PARTIALLY_FULFILLED` (migration 0017). */
  fulfillment_status: string
  /** The buyer when a member (`buyerInfo.memberId`), else null (migration 0017). */
  member_id: string | null
  /** The buyer when a visitor (`buyerInfo.visitorId`), else null (migration 0017). */
  visitor_id: string | null
  /** When the order last changed (migration 0017). */
  updated_date: string
  /** When it was paid; null while not paid (migration 0017). */
  purchased_date: string | null
  /**
   * `priceSummary.total.amount`, an exact decimal (`numeric`), written as its decimal string
   * (migration 0017).
   */
  total_amount: ColumnType<number, string, string>
}

/** A row of `orders`. */
export type OrderRow = Selectable<OrdersTable>

/** A fulfillment of an order (migration 0019): items shipped or delivered together. */
export interface OrderFulfillmentsTable {
  id: string
  order_id: string
  created_date: string
  /** JSON of `{lineItems, trackingInfo?, status?, completed?}` as the wire has them. */
  data: string
}

/** The orders part of the database schema. */
export interface OrdersTables {
  orders: OrdersTable
  order_fulfillments: OrderFulfillmentsTable
}
