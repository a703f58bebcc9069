import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '../components/breadcrumbs'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { notFound } from '../lib/page-data'
import { personal } from '../server/cache-headers.server'
import { OrderDetails, statusText } from '../orders/order-details'
import { OrdersUnavailable } from '../orders/order-states'
import type { OrderView, ShipmentView } from '../orders/order-view'
import { memberOfRequest } from '../server/buyer.server'
import { buyersOrderView, withOrderDesk } from '../server/orders.server'

/**
 * On the server: order `:id` with its shipments, if the request's member bought it; else "Order
 * not found" (404). A visitor is asked to log in first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member, headers } = await memberOfRequest({ request, context })
  const read = await withOrderDesk((desk) => buyersOrderView(desk, member, params.id ?? '', true))
  if (!read) return data({ found: undefined }, { status: 503, headers })
  if (!read.value) notFound('order', headers)
  return data(
    { found: read.value as { order: OrderView; shipments?: ShipmentView[] } | undefined },
    { headers },
  )
}

export const meta = staticMeta({ title: 'Your order · Vitrine', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

/** `/account/orders/:id`: one of the member's orders, its statuses and what has shipped. */
export default function OrderPage() {
  const { found } = useLoaderData<typeof loader>()
  if (!found)
    return (
      <div className="container">
        <OrdersUnavailable />
      </div>
    )
  const { order, shipments } = found
  return (
    <div className="container">
      <Breadcrumbs
        trail={[{ label: 'Account', to: '/account' }, { label: `Order #${order.number}` }]}
      />
      <header className="page-header">
        <h1>Order #{order.number}</h1>
        {order.placed && (
          <p className="muted">
            Placed <time dateTime={order.placedAt}>{order.placed}</time>
          </p>
        )}
      </header>
      <dl className="order__statuses">
        <div>
          <dt>Order</dt>
          <dd>{statusText(order.status)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{statusText(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{statusText(order.fulfillmentStatus)}</dd>
        </div>
      </dl>
      <OrderDetails order={order} shipments={shipments ?? []} />
    </div>
  )
}
