import {
  keepPreviousData,
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
import { useMerchantClient, vitrineKeys } from '@vitrine/react'

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 20

/** What the order list shows: a search (an order number or the start of an e-mail) and filters. */
export interface OrderListParams {
  search?: string
  paymentStatus?: PaymentStatus
  fulfillmentStatus?: FulfillmentStatus
}

/**
 * The console's order queries, under one key: the merchant's writes refresh them all, and signing
 * out forgets them (they hold buyers' names and addresses).
 */
export const orderKeys = {
  all: [...vitrineKeys.all, 'merchant-orders'] as const,
  list: (params: OrderListParams) => [...orderKeys.all, 'list', params] as const,
  order: (id: string) => [...orderKeys.all, 'order', id] as const,
  fulfillments: (id: string) => [...orderKeys.all, 'fulfillments', id] as const,
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

/**
 * The orders matching `params`, newest first, a page at a time: `fetchNextPage()` adds the next
 * page, asked for by the cursor of the last one (alone, as the provider's clients send it).
 */
export function useOrders(params: OrderListParams) {
  const client = useMerchantClient()
  return useInfiniteQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ pageParam, signal }): Promise<SearchOrdersResponse> =>
      client.orders.searchOrders(
        pageParam
          ? { cursorPaging: { limit: ORDERS_PAGE_SIZE, cursor: pageParam } }
          : {
              filter: orderFilter(params),
              sort: NEWEST_FIRST,
              cursorPaging: { limit: ORDERS_PAGE_SIZE },
            },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: ({ metadata }) =>
      metadata?.hasNext === false ? undefined : (metadata?.cursors?.next ?? undefined),
    placeholderData: keepPreviousData,
  })
}

/** One order, whatever its status. */
export function useOrder(id: string) {
  const client = useMerchantClient()
  return useQuery({
    queryKey: orderKeys.order(id),
    queryFn: ({ signal }) => client.orders.getOrder(id, { signal }),
  })
}

/** An order's fulfillments, oldest first. */
export function useOrderFulfillments(orderId: string) {
  const client = useMerchantClient()
  return useQuery({
    queryKey: orderKeys.fulfillments(orderId),
    queryFn: async ({ signal }): Promise<Fulfillment[]> =>
      (await client.orderFulfillments.listFulfillmentsForSingleOrder(orderId, { signal }))
        .orderWithFulfillments.fulfillments,
  })
}

/**
 * An order write: what it answers goes into the cache at once, and once it settles every order
 * query (the lists too: an order may leave a filter) is fetched again before the call resolves.
 */
function useOrderWrite<V, R>(
  write: (client: ReturnType<typeof useMerchantClient>, variables: V) => Promise<R>,
  remember: (result: R) => readonly [readonly unknown[], unknown],
) {
  const client = useMerchantClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: V) => write(client, variables),
    onSuccess: (result) => queryClient.setQueryData(...remember(result)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  })
}

/** Cancels order `id` (no e-mail, no restocking: the platform does neither); resolves with it. */
export const useCancelOrder = () =>
  useOrderWrite(
    async (client, { id, ...options }: { id: string } & CancelOrderOptions): Promise<Order> =>
      (await client.orders.cancelOrder(id, options)).order,
    (order) => [orderKeys.order(order.id), order],
  )

/** What {@link useFulfillOrder} takes: the order, its lines to fulfill and the tracking details. */
export interface FulfillInput {
  orderId: string
  lineItems: { id: string; quantity: number }[]
  trackingInfo?: Fulfillment['trackingInfo']
}

/** Creates a fulfillment of an order's lines; resolves with the order's fulfillments. */
export const useFulfillOrder = () =>
  useOrderWrite(
    async (client, { orderId, lineItems, trackingInfo }: FulfillInput) =>
      (
        await client.orderFulfillments.createFulfillment(orderId, {
          lineItems,
          ...(trackingInfo && { trackingInfo }),
        })
      ).orderWithFulfillments,
    ({ orderId, fulfillments }) => [orderKeys.fulfillments(orderId), fulfillments],
  )
