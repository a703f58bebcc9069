import type { FulfillmentStatus, PaymentStatus } from '@vitrine/client'
import {
  describeError,
  orderNumberIn,
  useMerchantOrders,
  type OrderListParams,
} from '@vitrine/react'
import { useLocation } from 'react-router'
import { SearchBox, ToolbarSelect, useListParams } from './list-toolbar'
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES, statusOptions } from './order-status'
import { OrdersTable } from './orders-table'
import { PageHeader } from './page-header'
import { LoadMore } from './pager'
import { EmptyState, ErrorState, InlineError, Loading } from './states'

const PAYMENT_OPTIONS = statusOptions(PAYMENT_STATUSES, 'Any payment')
const FULFILLMENT_OPTIONS = statusOptions(FULFILLMENT_STATUSES, 'Any fulfillment')

/** `value` when it is one of `statuses`' keys (the address may hold anything). */
const known = <S extends string>(statuses: Record<S, unknown>, value: string | null) =>
  value !== null && Object.hasOwn(statuses, value) ? (value as S) : undefined

/** Why nothing matches: the search, the statuses, or both. */
function noMatch(search: string, statuses: boolean): string {
  if (!search) return 'No order has these statuses.'
  const number = orderNumberIn(search)
  const what = number
    ? `No order has the number ${number}`
    : `No buyer e-mail starts with “${search}”`
  return statuses ? `${what} among the orders with these statuses.` : `${what}.`
}

/**
 * The orders, newest first: search by order number or buyer e-mail, filters by payment and
 * fulfillment status (all in the address), and more orders a page at a time.
 */
export function OrdersPage() {
  const [params, update] = useListParams()
  const { search: listSearch } = useLocation()
  const search = params.get('q') ?? ''
  const paymentStatus = known<PaymentStatus>(PAYMENT_STATUSES, params.get('payment'))
  const fulfillmentStatus = known<FulfillmentStatus>(
    FULFILLMENT_STATUSES,
    params.get('fulfillment'),
  )
  const listParams: OrderListParams = {
    ...(search && { search }),
    ...(paymentStatus && { paymentStatus }),
    ...(fulfillmentStatus && { fulfillmentStatus }),
  }
  const query = useMerchantOrders(listParams)
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? []
  const filtered = !!(search || paymentStatus || fulfillmentStatus)

  return (
    <>
      <PageHeader title="Orders" meta="Newest first" />
      <div className="adm-panel">
        <div className="adm-toolbar" role="search">
          <SearchBox
            id="order-search"
            label="Search orders by number or buyer e-mail"
            placeholder="Order number or buyer e-mail"
            value={search}
            onSearch={(text) => update({ q: text || null })}
          />
          <ToolbarSelect
            id="order-payment"
            label="Payment"
            value={paymentStatus ?? ''}
            options={PAYMENT_OPTIONS}
            onValue={(value) => update({ payment: value || null })}
          />
          <ToolbarSelect
            id="order-fulfillment"
            label="Fulfillment"
            value={fulfillmentStatus ?? ''}
            options={FULFILLMENT_OPTIONS}
            onValue={(value) => update({ fulfillment: value || null })}
          />
        </div>

        {query.isPending ? (
          <Loading label="Loading orders…" rows={6} />
        ) : query.isError && !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : orders.length === 0 ? (
          filtered ? (
            <EmptyState
              title="No orders match"
              action={
                <button
                  type="button"
                  className="adm-button"
                  onClick={() => update({ q: null, payment: null, fulfillment: null })}
                >
                  Clear search and filters
                </button>
              }
            >
              {noMatch(search, !!(paymentStatus || fulfillmentStatus))}
            </EmptyState>
          ) : (
            <EmptyState title="No orders yet">
              Orders appear here as soon as shoppers check out.
            </EmptyState>
          )
        ) : (
          <>
            <OrdersTable
              orders={orders}
              busy={query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage)}
              listSearch={listSearch}
            />
            <LoadMore
              shown={orders.length}
              noun={['order', 'orders']}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
            />
            {query.isFetchNextPageError && (
              <InlineError
                message={`More orders could not be loaded. ${describeError(query.error)}`}
              />
            )}
          </>
        )}
      </div>
    </>
  )
}
