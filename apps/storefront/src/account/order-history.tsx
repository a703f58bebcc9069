import { Link } from 'react-router'
import { statusText } from '../orders/order-details'
import type { OrderHistoryPage } from '../orders/order-view'

/** Where a page of the history is: `/account`, or `/account?cursor=…`. */
const pageLink = (cursor: string) => `/account?cursor=${encodeURIComponent(cursor)}#orders-title`

/**
 * The member's orders, newest first, each a link to its page; links to the pages around this one
 * (plain links: they work without the page's script).
 */
export function OrderHistory({ history }: { history: OrderHistoryPage }) {
  return (
    <>
      {history.orders.length ? (
        <ul className="order-list">
          {history.orders.map((order) => (
            <li key={order.id}>
              <Link className="order-list__item" to={`/account/orders/${order.id}`}>
                <span className="order-list__number">
                  Order #{order.number}
                  {order.placed && (
                    <time className="order-list__date" dateTime={order.placedAt}>
                      {order.placed}
                    </time>
                  )}
                </span>
                <span className="order-list__meta">
                  {order.items} {order.items === 1 ? 'item' : 'items'} ·{' '}
                  {statusText(order.status === 'APPROVED' ? order.fulfillmentStatus : order.status)}
                </span>
                <span className="order-list__total">{order.total}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{history.prev ? 'No more orders.' : 'You have no orders yet.'}</p>
      )}
      {(history.prev || history.next) && (
        <div className="panel__actions">
          {history.prev && (
            <Link className="button button--secondary" to={pageLink(history.prev)}>
              Newer orders
            </Link>
          )}
          {history.next && (
            <Link className="button button--secondary" to={pageLink(history.next)}>
              More orders
            </Link>
          )}
        </div>
      )}
    </>
  )
}
