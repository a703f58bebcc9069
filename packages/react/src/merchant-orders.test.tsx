import { act, renderHook, waitFor } from '@testing-library/react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, type Order, type SearchOrdersResponse } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { describeError } from './errors.js'
import { vitrineKeys } from './keys.js'
import {
  orderFilter,
  useCancelOrder,
  useFulfillOrder,
  useMerchantOrder,
  useMerchantOrders,
  useOrderFulfillments,
  type OrderListParams,
} from './merchant-orders.js'
import { placeOrder, storesLine } from './test-support/orders.js'
import { merchantOf, productIdOf, providers, shopperOf, startShop } from './test-support/shop.js'

let platform: TestPlatform
let pins: string
beforeAll(async () => {
  platform = await startShop()
  pins = await productIdOf(platform.baseUrl, 'enamel-pin-set')
})
afterAll(() => platform.close())

/** An order of `quantity` pin sets, placed by a new visitor as `email`. */
const order = (email: string, quantity = 1) =>
  placeOrder(platform, [storesLine(quantity, pins)], email)

interface Props {
  params: OrderListParams
  id: string
}

/** The console's order hooks in one tree (one QueryClient), on the merchant's client. */
function console_(initialProps: Props) {
  return renderHook(
    ({ params, id }: Props) => ({
      list: useMerchantOrders(params),
      order: useMerchantOrder(id),
      fulfillments: useOrderFulfillments(id),
      fulfill: useFulfillOrder(),
      cancel: useCancelOrder(),
      cache: useQueryClient(),
    }),
    { wrapper: providers(shopperOf(platform), merchantOf(platform)), initialProps },
  )
}

/** The e-mails of the listed orders, page after page. */
const emails = (list: ReturnType<typeof console_>['result']['current']['list']) =>
  list.data?.pages.flatMap((page) => page.orders.map((placed) => placed.buyerInfo?.email))

describe('the search filter', () => {
  it('looks up a number as the order number, anything else as the start of the buyer e-mail', () => {
    expect(orderFilter({ search: ' #10002 ', paymentStatus: 'PAID' })).toEqual({
      number: { $eq: '10002' },
      paymentStatus: { $eq: 'PAID' },
    })
    expect(orderFilter({ search: 'ann@', fulfillmentStatus: 'FULFILLED' })).toEqual({
      'buyerInfo.email': { $startsWith: 'ann@' },
      fulfillmentStatus: { $eq: 'FULFILLED' },
    })
    expect(orderFilter({})).toEqual({})
  })
})

describe("the merchant's orders", () => {
  it('lists the matching orders newest first, a page at a time, and finds one by number', async () => {
    for (const who of ['a', 'b', 'c']) await order(`pages-${who}@example.com`)
    const { result, rerender } = console_({ params: { search: 'PAGES-', limit: 2 }, id: 'none' })
    await waitFor(() => expect(emails(result.current.list)).toHaveLength(2))
    expect(emails(result.current.list)).toEqual(['pages-c@example.com', 'pages-b@example.com'])
    expect(result.current.list.hasNextPage).toBe(true)
    await act(() => result.current.list.fetchNextPage())
    await waitFor(() => expect(emails(result.current.list)).toHaveLength(3))
    expect(emails(result.current.list)?.[2]).toBe('pages-a@example.com')
    expect(result.current.list.hasNextPage).toBe(false)

    const number = result.current.list.data!.pages[0]!.orders[1]!.number
    rerender({ params: { search: `#${number}` }, id: 'none' })
    await waitFor(() => expect(emails(result.current.list)).toEqual(['pages-b@example.com']))
    rerender({ params: { search: 'pages-', fulfillmentStatus: 'FULFILLED' }, id: 'none' })
    await waitFor(() => expect(emails(result.current.list)).toEqual([]))
  })

  it('fulfills an order: its fulfillments at once, and the lists and the order refetched', async () => {
    const id = await order('ship-dana@example.com', 3)
    const { result } = console_({ params: { search: 'ship-dana' }, id })
    await waitFor(() => expect(result.current.fulfillments.data).toEqual([]))
    await waitFor(() => expect(result.current.order.data?.fulfillmentStatus).toBe('NOT_FULFILLED'))
    const lineId = result.current.order.data!.lineItems[0]!.id

    const shipped = await act(() =>
      result.current.fulfill.mutateAsync({
        orderId: id,
        lineItems: [{ id: lineId, quantity: 3 }],
        trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'UPS' },
      }),
    )
    expect(shipped.fulfillments).toHaveLength(1)
    // Refetched before the write resolved: the cache holds the fulfilled order and list...
    const { cache } = result.current
    expect(cache.getQueryData<Order>(vitrineKeys.merchantOrder(id))?.fulfillmentStatus).toBe(
      'FULFILLED',
    )
    const list = cache.getQueryData<{ pages: SearchOrdersResponse[] }>(
      vitrineKeys.merchantOrderList({ search: 'ship-dana' }),
    )
    expect(list?.pages[0]?.orders[0]?.fulfillmentStatus).toBe('FULFILLED')
    // ...and the hooks show it once TanStack Query has told React (a timer after the cache).
    await waitFor(() => expect(result.current.order.data?.fulfillmentStatus).toBe('FULFILLED'))
    expect(result.current.fulfillments.data?.[0]?.trackingInfo).toMatchObject({
      trackingNumber: '1Z999',
      shippingProvider: 'UPS',
    })
    await waitFor(() =>
      expect(result.current.list.data?.pages[0]?.orders[0]?.fulfillmentStatus).toBe('FULFILLED'),
    )
  })

  it('cancels an order with the options asked for, and says when an order cannot be read', async () => {
    const id = await order('cancel-erin@example.com')
    const { result, rerender } = console_({ params: { search: 'cancel-erin' }, id })
    await waitFor(() => expect(result.current.order.data?.status).toBe('APPROVED'))
    const canceled = await act(() =>
      result.current.cancel.mutateAsync({ id, restockAllItems: false }),
    )
    expect(canceled.status).toBe('CANCELED')
    await waitFor(() => expect(result.current.order.data?.status).toBe('CANCELED'))
    expect(result.current.order.data?.lineItems[0]?.restockQuantity).toBe(0)

    rerender({ params: {}, id: 'no-such-order' })
    await waitFor(() => expect(result.current.order.isError).toBe(true))
    expect(result.current.order.error).toBeInstanceOf(ApiError)
    expect(result.current.order.error).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' })
    expect(describeError(result.current.order.error)).toBe('Order "no-such-order" not found')
  })
})
