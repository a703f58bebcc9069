import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type {
  CancelOrderOptions,
  Fulfillment,
  FulfillmentStatus,
  Order,
  PaymentStatus,
  SearchOrdersResponse,
} from '@vitrine/client'
import { vitrineKeys } from './keys.js'
import type { MerchantClient } from './merchant-client.js'
import { useMerchantClient } from './merchant-provider.js'

/** What a list of the shop's orders shows: a search (an order number or the start of an e-mail) and filters. */
export interface OrderListParams {
  /** An order number (`1001`, `#1001`) or the start of the buyer's e-mail. */
  search?: string
  /** Only the orders of this payment status. */
  paymentStatus?: PaymentStatus
  /** Only the orders of this fulfillment status. */
  fulfillmentStatus?: FulfillmentStatus
  /** Orders per page, 1–100. Default: 20. */
  limit?: number
}

/** The order number in a search as a merchant types it (`1001`, `#1001`), if it is one. */
export const orderNumberIn = (text: string): string | undefined =>
  /^#?(\d{1,15})$/.exec(text.trim())?.[1]

/**
 * The search filter of `params`: a number looks for that order number; any other text for the
 * buyer e-mails that start with it (the platform compares e-mails without regard to case).
 */
export function orderFilter(params: OrderListParams): Record<string, unknown> {
  const filter: Record<string, unknown> = {}
  const text = params.search?.trim()
  if (text) {
    const number = orderNumberIn(text)
    if (number) filter.number = { $eq: number }
    else filter['buyerInfo.email'] = { $startsWith: text }
  }
  if (params.paymentStatus) filter.paymentStatus = { $eq: params.paymentStatus }
  if (params.fulfillmentStatus) filter.fulfillmentStatus = { $eq: params.fulfillmentStatus }
  return filter
}

const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' as const }]

/** A page size in 1–100 (the platform's bound), 20 when not given. */
const pageSize = (limit = 20) => Math.min(100, Math.max(1, Math.trunc(limit) || 20))

/**
 * The query of the orders matching `params`, newest first, a page at a time: the next page is
 * asked for by the cursor of the last one (alone, as the client's searches send it).
 */
export const merchantOrdersQueryOptions = (client: MerchantClient, params: OrderListParams = {}) =>
  infiniteQueryOptions({
    queryKey: vitrineKeys.merchantOrderList(params),
    queryFn: ({ pageParam, signal }): Promise<SearchOrdersResponse> => {
      const limit = pageSize(params.limit)
      return client.orders.searchOrders(
        pageParam
          ? { cursorPaging: { limit, cursor: pageParam } }
          : { filter: orderFilter(params), sort: NEWEST_FIRST, cursorPaging: { limit } },
        { signal },
      )
    },
    initialPageParam: '',
    getNextPageParam: ({ metadata }) =>
      metadata?.hasNext === false ? undefined : (metadata?.cursors?.next ?? undefined),
    placeholderData: keepPreviousData,
  })

/** The query of one order, whatever its status. */
export const merchantOrderQueryOptions = (client: MerchantClient, id: string) =>
  queryOptions({
    queryKey: vitrineKeys.merchantOrder(id),
    queryFn: ({ signal }): Promise<Order> => client.orders.getOrder(id, { signal }),
  })

/** The query of an order's fulfillments, oldest first. */
export const orderFulfillmentsQueryOptions = (client: MerchantClient, orderId: string) =>
  queryOptions({
    queryKey: vitrineKeys.orderFulfillments(orderId),
    queryFn: async ({ signal }): Promise<Fulfillment[]> =>
      (await client.orderFulfillments.listFulfillmentsForSingleOrder(orderId, { signal }))
        .orderWithFulfillments.fulfillments,
  })

/**
 * The shop's orders matching `params` (see {@link orderFilter}), newest first; `fetchNextPage()`
 * adds the next page. The previous list stays while a new search loads.
 */
export function useMerchantOrders(params: OrderListParams = {}) {
  return useInfiniteQuery(merchantOrdersQueryOptions(useMerchantClient(), params))
}

/** One order as the merchant sees it (a 404 `ApiError` when there is no such order). */
export function useMerchantOrder(id: string) {
  return useQuery(merchantOrderQueryOptions(useMerchantClient(), id))
}

/** An order's fulfillments, oldest first. */
export function useOrderFulfillments(orderId: string) {
  return useQuery(orderFulfillmentsQueryOptions(useMerchantClient(), orderId))
}

/**
 * An order write: what it answers goes into the cache at once, and once it settles every order
 * query (the lists too: an order may leave a filter) is fetched again before the call resolves.
 */
function useOrderWrite<V, R>(
  write: (client: MerchantClient, variables: V) => Promise<R>,
  remember: (result: R) => readonly [readonly unknown[], unknown],
) {
  const client = useMerchantClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: V) => write(client, variables),
    onSuccess: (result) => queryClient.setQueryData(...remember(result)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vitrineKeys.merchantOrders() }),
  })
}

/** What {@link useCancelOrder} takes: the order, and whether to restock and e-mail the buyer. */
export type CancelOrderInput = { id: string } & CancelOrderOptions

/** Cancels an order (restocking and e-mailing the buyer as asked); resolves with the order. */
export const useCancelOrder = () =>
  useOrderWrite(
    async (client, { id, ...options }: CancelOrderInput): Promise<Order> =>
      (await client.orders.cancelOrder(id, options)).order,
    (order) => [vitrineKeys.merchantOrder(order.id), order],
  )

/** What {@link useFulfillOrder} takes: the order, its lines to fulfill and the tracking details. */
export interface FulfillOrderInput {
  orderId: string
  /** The order's lines (by line id) and how many units of each this fulfillment sends. */
  lineItems: { id: string; quantity: number }[]
  /** The carrier, tracking number and tracking link, if the merchant has them. */
  trackingInfo?: Fulfillment['trackingInfo']
}

/** Creates a fulfillment of an order's lines; resolves with the order and its fulfillments. */
export const useFulfillOrder = () =>
  useOrderWrite(
    async (client, { orderId, lineItems, trackingInfo }: FulfillOrderInput) =>
      (
        await client.orderFulfillments.createFulfillment(orderId, {
          lineItems,
          ...(trackingInfo && { trackingInfo }),
        })
      ).orderWithFulfillments,
    ({ orderId, fulfillments }) => [vitrineKeys.orderFulfillments(orderId), fulfillments],
  )
