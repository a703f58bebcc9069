import { vitrineKeys } from '@vitrine/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { CheckIcon } from '../components/icons'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { notFound } from '../lib/page-data'
import { personal } from '../server/cache-headers.server'
import { tellTabs } from '../lib/tabs'
import { OrderDetails } from '../orders/order-details'
import { OrdersUnavailable } from '../orders/order-states'
import type { OrderView } from '../orders/order-view'
import { buyerOf } from '../server/buyer.server'
import { buyersOrderView, withOrderDesk } from '../server/orders.server'
import { shopperOf } from '../server/platform.server'

/**
 * On the server: the order of `?orderId=` if the request's visitor or member bought it; else
 * "Order not found" (404), whether the id is someone else's or no one's. Without the shop's key
 * to read orders, a page that says so (503).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = shopperOf({ request, context })
  const orderId = new URL(request.url).searchParams.get('orderId') ?? ''
  const read = await withOrderDesk(async (desk) =>
    buyersOrderView(desk, await buyerOf(shopper), orderId),
  )
  if (!read) return data({ order: undefined }, { status: 503, headers: shopper.headers() })
  if (!read.value) notFound('order', shopper.headers())
  return data({ order: read.value.order as OrderView | undefined }, { headers: shopper.headers() })
}

export const meta = staticMeta({ title: 'Thank you · Vitrine', path: '/thank-you', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

/** `/thank-you?orderId=…`: where the hosted checkout sends the shopper after paying. */
export default function ThankYouPage() {
  const { order } = useLoaderData<typeof loader>()
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
