import type { Order } from '@vitrine/client'
import { Link } from 'react-router'
import { formatDateTime, formatMoney } from '../lib/format'
import { unitsOf } from '../orders/order-view'
import { buyerName } from './format'
import { FulfillmentBadge, OrderStatusBadge, PaymentBadge } from './order-status'

/**
 * The order list as a table: number, date, buyer, items, total and statuses. Each order's link
 * carries the list's address (`listSearch`), so that its page leads back to the same list.
 */
export function OrdersTable({
  orders,
  busy,
  listSearch,
}: {
  orders: Order[]
  busy: boolean
  listSearch: string
}) {
  return (
    <div className="adm-table-wrap" aria-busy={busy || undefined}>
      <table className="adm-table">
        <caption className="visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col" className="adm-col-optional">
              Date
            </th>
            <th scope="col">Buyer</th>
            <th scope="col" className="adm-table__num adm-col-optional">
              Items
            </th>
            <th scope="col" className="adm-table__num">
              Total
            </th>
            <th scope="col" className="adm-col-wide">
              Payment
            </th>
            <th scope="col" className="adm-col-wide">
              Fulfillment
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const name = buyerName(order)
            const email = order.buyerInfo?.email
            return (
              <tr key={order.id}>
                <td>
                  <Link
                    to={`/admin/orders/${order.id}`}
                    state={{ listSearch }}
                    className="adm-product-cell__name adm-nowrap"
                    aria-label={`Order #${order.number}`}
                  >
                    #{order.number}
                  </Link>
                  <div className="adm-product-cell__meta adm-order-cell__meta">
                    <OrderStatusBadge status={order.status} />
                    {/* On phones, what the hidden columns show. */}
                    <span className="adm-only-narrow adm-order-cell__narrow">
                      {formatDateTime(order.createdDate) ?? '—'}
                      <PaymentBadge status={order.paymentStatus} />
                      <FulfillmentBadge status={order.fulfillmentStatus} />
                    </span>
                  </div>
                </td>
                <td className="adm-col-optional adm-nowrap">
                  {formatDateTime(order.createdDate) ?? '—'}
                </td>
                <td className="adm-order-buyer">
                  {name && <span className="adm-order-buyer__name">{name}</span>}
                  {email && <span className="adm-product-cell__meta">{email}</span>}
                </td>
                <td className="adm-table__num adm-col-optional">{unitsOf(order)}</td>
                <td className="adm-table__num">
                  {formatMoney(order.priceSummary?.total, order.currency)}
                </td>
                <td className="adm-col-wide">
                  <PaymentBadge status={order.paymentStatus} />
                </td>
                <td className="adm-col-wide">
                  <FulfillmentBadge status={order.fulfillmentStatus} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
