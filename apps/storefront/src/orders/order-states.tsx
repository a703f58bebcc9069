import { Link } from 'react-router'

/**
 * "Order not found": for an order id that names no order and for someone else's alike, so that
 * the page tells nothing of other people's orders.
 */
export function OrderNotFound() {
  return (
    <div className="state">
      <h1 className="state__title">Order not found</h1>
      <p className="state__text">
        We can’t show this order. If you placed it, open it on the device you ordered on, or log in
        to the account you ordered with.
      </p>
      <div className="state__actions">
        <Link className="button button--primary" to="/shop">
          Back to the shop
        </Link>
      </div>
    </div>
  )
}

/**
 * The shop's server has no key to read orders with: what the order pages say instead, its title
 * the page's heading or (`inside`, in a section of a page) a paragraph.
 */
export function OrdersUnavailable({ inside = false }: { inside?: boolean }) {
  const Heading = inside ? 'p' : 'h1'
  return (
    <div className="state" role="status">
      <Heading className="state__title">The shop cannot show orders right now</Heading>
      <p className="state__text">
        It is not set up to read orders. If you placed an order, its confirmation e-mail has the
        details.
      </p>
    </div>
  )
}
