import { data } from 'react-router'
import { Breadcrumbs } from '../components/breadcrumbs'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { notFound } from '../lib/page-data'
import { personal } from '../server/cache-headers.server'
import { OrderDetails, statusText } from '../orders/order-details'
import { OrdersUnavailable } from '../orders/order-states'
import { buyersOrderView, withOrderDesk } from '../server/orders.server'
import { shopContext } from '../server/shop-context.server'
import type { Route } from './+types/order-page'

/**
 * On the server: order `:id` with its shipments, if the request's member bought it; else "Order
 * not found" (404). A visitor is asked to log in first.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext)
  const member = await shop.member()
  const read = await withOrderDesk(shop.orderDesk(), (desk) =>
    buyersOrderView(desk, member, params.id, true),
  )
  if (!read) return data({ found: undefined }, { status: 503 })
  if (!read.value) notFound('order')
  return { found: read.value }
}

export const meta = staticMeta({ title: 'Your order · Vitrine', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

/** `/account/orders/:id`: one of the member's orders, its statuses and what has shipped. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData
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
