import { vitrineKeys } from '@vitrine/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { data, Link } from 'react-router'
import { CheckIcon } from '../components/icons'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { notFound } from '../lib/page-data'
import { personal } from '../server/cache-headers.server'
import { tellTabs } from '../lib/tabs'
import { OrderDetails } from '../orders/order-details'
import { OrdersUnavailable } from '../orders/order-states'
import { buyersOrderView, withOrderDesk } from '../server/orders.server'
import { shopContext } from '../server/shop-context.server'
import type { Route } from './+types/thank-you-page'

/**
 * On the server: the order of `?orderId=` if the request's visitor or member bought it; else
 * "Order not found" (404), whether the id is someone else's or no one's. Without the shop's key
 * to read orders, a page that says so (503).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext)
  const orderId = new URL(request.url).searchParams.get('orderId') ?? ''
  const read = await withOrderDesk(shop.orderDesk(), async (desk) =>
    buyersOrderView(desk, await shop.buyer(), orderId),
  )
  if (!read) return data({ order: undefined }, { status: 503 })
  if (!read.value) notFound('order')
  return { order: read.value.order }
}

export const meta = staticMeta({ title: 'Thank you · Vitrine', path: '/thank-you', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

/** `/thank-you?orderId=…`: where the hosted checkout sends the shopper after paying. */
export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  const queryClient = useQueryClient()

  // The order took the cart's items: what the shop remembers of the cart is out of date.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })
    tellTabs('cart')
  }, [queryClient])

  if (!order)
    return (
      <div className="container">
        <OrdersUnavailable />
      </div>
    )
  return (
    <div className="container">
      <div className="thanks">
        <span className="thanks__icon">
          <CheckIcon />
        </span>
        <h1>Thank you for your order</h1>
        <p className="muted">
          Your order is confirmed and we’re getting it ready.
          {order.email && ` A confirmation is on its way to ${order.email}.`}
        </p>
        <p className="thanks__order">
          Order number <strong>#{order.number}</strong>
          {order.placed && (
            <>
              {' '}
              <span className="thanks__date">
                · placed <time dateTime={order.placedAt}>{order.placed}</time>
              </span>
            </>
          )}
        </p>
      </div>
      <OrderDetails order={order} />
      <div className="state__actions thanks__actions">
        <Link className="button button--primary" to="/shop">
          Continue shopping
        </Link>
        <Link className="button button--secondary" to="/account">
          Your account
        </Link>
      </div>
    </div>
  )
}
