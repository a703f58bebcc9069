import {
  ApiKeyStrategy,
  createClient,
  isApiError,
  orderFulfillments,
  orders,
  type Order,
} from '@vitrine/client'
import { notFound, orNotFound } from '../lib/page-data'
import { orderSummaryOf, orderViewOf, shipmentOf } from '../orders/order-view'
import type { OrderHistoryPage, OrderView, ShipmentView } from '../orders/order-view'
import type { Buyer } from './buyer.server'
import { config, type StoreKey } from './config.server'

/** The longest order id the shop asks the platform about (ids are GUIDs). */
const MAX_ID_LENGTH = 100
/** The longest paging cursor the shop passes on (wire-orders-members §1.2). */
const MAX_CURSOR_LENGTH = 16000
/** Orders on one page of the member's history. */
const ORDERS_PER_PAGE = 10

const deskOf = (key: StoreKey) =>
  createClient({
    modules: { orders, orderFulfillments },
    auth: ApiKeyStrategy(key),
    baseUrl: config.platformUrl,
  })

/**
 * The shop server's elevated client of orders (`STOREFRONT_API_KEY`): shoppers may not read
 * orders themselves, so the shop reads them for their buyers. `undefined` when no key is set.
 */
export type OrderDesk = ReturnType<typeof deskOf>

/**
 * A new order desk of the shop, or `undefined` when the shop has no key to read orders with. The
 * request's context makes it (`shop-context.server.ts`), on first use.
 */
export function orderDesk(): OrderDesk | undefined {
  return config.storeKey && deskOf(config.storeKey)
}

/**
 * What `read` answers with `desk` (the request's, `shop.orderDesk()`), as `{ value }`;
 * `undefined` when the shop cannot read orders: no key, or one the platform refuses (401, 403:
 * wrong or revoked).
 */
export async function withOrderDesk<T>(
  desk: OrderDesk | undefined,
  read: (desk: OrderDesk) => Promise<T>,
): Promise<{ value: T } | undefined> {
  if (!desk) return undefined
  try {
    return { value: await read(desk) }
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return undefined
    throw error
  }
}

/** Whether `buyer` is the buyer of `order`: the same member, or the same visitor. */
function isBuyerOf(order: Order, buyer: Buyer): boolean {
  const info = order.buyerInfo
  return 'memberId' in buyer
    ? !!buyer.memberId && info?.memberId === buyer.memberId
    : !!buyer.visitorId && info?.visitorId === buyer.visitorId
}

/**
 * Order `id` if `buyer` bought it, else `undefined` — whether it is someone else's or no one's,
 * so that the answer tells nothing of other people's orders.
 */
async function buyersOrder(
  desk: OrderDesk,
  buyer: Buyer | undefined,
  id: string,
): Promise<Order | undefined> {
  if (!buyer || !id || id.length > MAX_ID_LENGTH) return undefined
  try {
    const order = await desk.orders.getOrder(id)
    return isBuyerOf(order, buyer) ? order : undefined
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return undefined
    throw error
  }
}

/** The order a buyer's page shows: the order, and its shipments when asked for. */
export interface BuyersOrder {
  order: OrderView
  shipments?: ShipmentView[]
}

/** {@link buyersOrder} as its page shows it, with its shipments if `withShipments`. */
export async function buyersOrderView(
  desk: OrderDesk,
  buyer: Buyer | undefined,
  id: string,
  withShipments = false,
): Promise<BuyersOrder | undefined> {
  const order = await buyersOrder(desk, buyer, id)
  if (!order) return undefined
  if (!withShipments) return { order: orderViewOf(order, desk) }
  const { orderWithFulfillments } = await desk.orderFulfillments.listFulfillmentsForSingleOrder(id)
  return {
    order: orderViewOf(order, desk),
    shipments: orderWithFulfillments.fulfillments.map(shipmentOf),
  }
}

/**
 * A page of member `memberId`'s orders, newest first: the page `cursor` points at, or the first.
 * The cursor comes from the request, so the filter goes with it and every order is checked
 * again. A cursor too long to be one: a 404, as a garbled one the platform refuses (400).
 */
export async function memberOrders(
  desk: OrderDesk,
  memberId: string,
  cursor?: string,
): Promise<OrderHistoryPage> {
  if (cursor && cursor.length > MAX_CURSOR_LENGTH) notFound('page')
  const { orders: found, metadata } = await orNotFound(
    'page',
    desk.orders.searchOrders({
      filter: { 'buyerInfo.memberId': { $eq: memberId } },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: {
        limit: ORDERS_PER_PAGE,
        ...(cursor && { cursor }),
      },
    }),
  )
  const own = found.filter((order) => order.buyerInfo?.memberId === memberId)
  const { next, prev } = metadata?.cursors ?? {}
  return {
    orders: own.map(orderSummaryOf),
    ...(next && { next }),
    ...(prev && { prev }),
  }
}
