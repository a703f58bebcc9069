import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import {
  both,
  parseFilter,
  parseSort,
  sortAndPage,
  toExpression,
  type Condition,
  type FieldDef,
  type FieldMap,
  type SortKey,
} from '../../query/index.js'
import { CHANNEL_TYPES as CART_CHANNEL_TYPES } from '../cart/index.js'
import { decodeCursor, encodeCursor, type Position } from './cursor.js'
import { DEFAULT_LIMIT, type SearchBody } from './schema.js'
import type { OrderRow } from './tables.js'
import { wireOrder, type WireOrder } from './wire.js'

/** `searchOrders`' `search` (its JSON schema has checked the shapes and bounds). */
export type OrderSearch = NonNullable<SearchBody['search']>

/** `searchOrders`' answer. */
export interface OrderSearchResult {
  orders: WireOrder[]
  metadata: {
    count: number
    cursors: { next: string | null; prev: string | null }
    hasNext: boolean
  }
}

const STATUSES = ['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const
const PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const
const FULFILLMENT_STATUSES = ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED'] as const
/** An order's channel: a checkout's channels (the cart's list) and those only orders have. */
const CHANNEL_TYPES = [
  'UNSPECIFIED',
  ...CART_CHANNEL_TYPES,
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
  'WIX_INVOICES_PLATFORM',
  'UCP_AGENTIC_CHECKOUT',
] as const

const column = (name: string) => sql.ref(`orders.${name}`)
const choice = (name: string, values: readonly string[]): FieldDef => ({
  type: 'enum',
  expr: column(name),
  values,
})
/** An id: compared with `$eq $ne $in $nin` only, as the provider does. */
const id = (name: string, nullable = false): FieldDef => ({
  type: 'text',
  expr: column(name),
  nullable,
  equalityOnly: true,
})
const date = (name: string): FieldDef => ({ type: 'date', expr: column(name) })

const status = choice('status', STATUSES)

/** The fields a search sorts by, each never null (so that a page's position is one value each). */
const SORT_FIELDS: FieldMap = {
  createdDate: date('created_date'),
  updatedDate: date('updated_date'),
  purchasedDate: { type: 'date', expr: sql`coalesce(orders.purchased_date, '')` },
  number: { type: 'integer', expr: column('number') },
  status,
  paymentStatus: choice('payment_status', PAYMENT_STATUSES),
  fulfillmentStatus: choice('fulfillment_status', FULFILLMENT_STATUSES),
  'buyerInfo.email': { type: 'text', expr: sql`coalesce(orders.buyer_email, '')` },
  'priceSummary.total.amount': { type: 'number', expr: column('total_amount') },
}

/**
 * The fields a search filters by (wire-orders-members §1.2): those of the provider's list that
 * the order's columns answer exactly. Any other is a 400 naming it.
 */
const FILTER_FIELDS: FieldMap = {
  ...SORT_FIELDS,
  purchasedDate: { ...date('purchased_date'), nullable: true },
  'buyerInfo.email': { type: 'text', expr: column('buyer_email'), nullable: true },
  id: id('id'),
  'buyerInfo.memberId': id('member_id', true),
  'buyerInfo.visitorId': id('visitor_id', true),
  checkoutId: id('checkout_id'),
  'channelInfo.type': { type: 'enum', expr: sql`'WEB'`, values: CHANNEL_TYPES },
  imported: { type: 'boolean', expr: sql`0` },
  archived: { type: 'boolean', expr: sql`0` },
}

/** The last sort key of every search: unique, so a position is never ambiguous. */
const TIEBREAK: FieldDef = SORT_FIELDS.number!
const NEWEST_FIRST: SortKey[] = [{ field: SORT_FIELDS.createdDate!, desc: true }]

/** Whether `filter` names `status` anywhere (in `$and`, `$or`, `$not` too). */
function namesStatus(filter: unknown): boolean {
  if (Array.isArray(filter)) return filter.some(namesStatus)
  if (filter === null || typeof filter !== 'object') return false
  return Object.entries(filter).some(
    ([key, value]) => key === 'status' || (key.startsWith('$') && namesStatus(value)),
  )
}

/**
 * What a search never shows: `INITIALIZED` orders, whatever the filter; and `PENDING` and
 * `REJECTED` ones unless the filter names `status` (then it decides).
 */
function hidden(filter: unknown): Condition {
  const values = namesStatus(filter) ? ['INITIALIZED'] : ['INITIALIZED', 'PENDING', 'REJECTED']
  return { kind: 'not', item: { kind: 'in', field: status, values } }
}

/** `key`'s expression compared (`op`) with `value`, as the page was sorted by it. */
function compare(
  eb: ExpressionBuilder<any, any>,
  key: SortKey,
  op: '=' | '<' | '>',
  value: string | number,
): Expression<SqlBool> {
  return key.field.type === 'text'
    ? eb(sql`lower(${key.field.expr})`, op, sql`lower(cast(${value} as text))`)
    : eb(key.field.expr, op, eb.val(value))
}

/**
 * Rows after `position` in the order of `keys`: for some key, every earlier key equal and this
 * one past the position's value (`<` when descending).
 */
function after(
  eb: ExpressionBuilder<any, any>,
  keys: SortKey[],
  position: Position,
): Expression<SqlBool> {
  return eb.or(
    keys.map((key, i) =>
      eb.and([
        ...keys.slice(0, i).map((earlier, j) => compare(eb, earlier, '=', position[j]!)),
        compare(eb, key, key.desc ? '<' : '>', position[i]!),
      ]),
    ),
  )
}

/** Whether `position` holds one value of the right type per sort key. */
const fits = (position: Position, keys: SortKey[]) =>
  position.length === keys.length &&
  keys.every(({ field }, i) => {
    const numeric = field.type === 'integer' || field.type === 'number'
    return typeof position[i] === (numeric ? 'number' : 'string')
  })

/** The search a request asks for: a new one, or the one its cursor carries. */
function planOf(search: OrderSearch | undefined) {
  const cursor = search?.cursorPaging?.cursor
  if (!cursor) {
    const filter = search?.filter ?? {}
    const sort = search?.sort ?? []
    return { filter, sort, direction: 'next' as const, position: null }
  }
  const decoded = decodeCursor(cursor)
  const same = (sent: unknown, carried: unknown) =>
    sent === undefined || JSON.stringify(sent) === JSON.stringify(carried)
  if (!same(search?.filter, decoded.filter) || !same(search?.sort, decoded.sort))
    throw PlatformError.invalid(
      'search.cursorPaging.cursor',
      'belongs to a search with another filter or sort: send it alone, or with the same ones',
    )
  return decoded
}

/** Parses a filter and sort (a new search's, or a cursor's) into the condition and sort keys. */
function compile(filter: unknown, sort: unknown, fromCursor: boolean) {
  try {
    const where = both(parseFilter(filter, FILTER_FIELDS, 'search'), hidden(filter))
    const keys = parseSort(sort, SORT_FIELDS, 'search')
    return {
      where,
      keys: [
        ...(keys.length ? keys : NEWEST_FIRST),
        { field: TIEBREAK, desc: keys[0]?.desc ?? true },
      ],
    }
  } catch (error) {
    if (!fromCursor || !(error instanceof PlatformError)) throw error
    throw PlatformError.invalid('search.cursorPaging.cursor', 'is not a cursor of an order search')
  }
}

/**
 * `searchOrders`: a page of the orders matching `search.filter` (never `INITIALIZED` ones; `PENDING`
 * and `REJECTED` ones only when the filter names `status`), sorted by `search.sort` (newest
 * first by default), `cursorPaging.limit` at a time (100 by default).
 *
 * Paging is by position (keyset), not by offset: a cursor carries the filter, the sort and the sort
 * values of the page's last order (or first, for `prev`), and that page starts right after (or
 * before) those values. So an order placed or changed between two pages never shifts a page nor
 * shows an order twice: newest first (the default), a new order sorts before the first page and
 * appears on going back to it (`prev`), not on the next pages; under another sort it appears on a
 * later page if it sorts there.
 */
export async function searchOrders(
  ctx: PlatformContext,
  search: OrderSearch | undefined,
): Promise<OrderSearchResult> {
  const limit = search?.cursorPaging?.limit ?? DEFAULT_LIMIT
  const plan = planOf(search)
  const { where, keys } = compile(plan.filter, plan.sort, !!search?.cursorPaging?.cursor)
  const forward = plan.direction === 'next'
  const order = forward ? keys : keys.map((key) => ({ ...key, desc: !key.desc }))
  const position = plan.position
  if (position && !fits(position, keys))
    throw PlatformError.invalid('search.cursorPaging.cursor', 'is not a cursor of an order search')

  const db = ctx.db.kysely
  const query = db
    .selectFrom('orders')
    .selectAll()
    .select(keys.map((key, i) => sql<string | number>`${key.field.expr}`.as(`key${i}`)))
    .where((eb) => {
      const filtered = toExpression(eb, where, ctx.db.dialect)
      return position ? eb.and([filtered, after(eb, order, position)]) : filtered
    })
  const rows = (await sortAndPage(query, {
    where,
    sort: order,
    limit: limit + 1,
    offset: 0,
  }).execute()) as (OrderRow & Record<string, string | number>)[]
  const more = rows.length > limit
  const page = rows.slice(0, limit)
  if (!forward) page.reverse()

  const positionOf = (row: Record<string, string | number>): Position =>
    keys.map((_, i) => row[`key${i}`]!)
  const first = page[0]
  const last = page[page.length - 1]
  const cursor = (direction: 'next' | 'prev', row: Record<string, string | number>) =>
    encodeCursor({ filter: plan.filter, sort: plan.sort, direction, position: positionOf(row) })
  // Going forward, there is a previous page when we came from one; going back, a next one.
  const hasNext = forward ? more : !!last
  const hasPrev = forward ? !!position && !!first : more
  return {
    orders: page.map(wireOrder),
    metadata: {
      count: page.length,
      cursors: {
        next: hasNext && last ? cursor('next', last) : null,
        prev: hasPrev && first ? cursor('prev', first) : null,
      },
      hasNext,
    },
  }
}
