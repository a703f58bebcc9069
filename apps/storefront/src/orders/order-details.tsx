import { NoPicture } from '../components/no-picture'
import type { OrderLineView, OrderTotalsView, OrderView, ShipmentView } from './order-view'

/** The items of an order: picture, name, options, quantity and price. */
function OrderItems({ lines }: { lines: OrderLineView[] }) {
  return (
    <ul className="cart-lines" aria-label="Items">
      {lines.map((line) => (
        <li key={line.id} className="cart-line">
          <div className="cart-line__image">
            {line.image ? (
              <img src={line.image} alt="" width={120} height={120} loading="lazy" />
            ) : (
              <NoPicture />
            )}
          </div>
          <div className="cart-line__top">
            <div>
              <p className="cart-line__name">{line.name}</p>
              {line.options && <p className="cart-line__options">{line.options}</p>}
              <p className="cart-line__options">Quantity {line.quantity}</p>
            </div>
            <p className="cart-line__price">
              {line.total}
              {line.quantity > 1 && <span className="cart-line__unit">{line.price} each</span>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** An order's subtotal, discount, shipping, tax and total. */
function OrderTotals({ totals }: { totals: OrderTotalsView }) {
  const rows: [label: string, value: string, modifier?: string][] = [
    ['Subtotal', totals.subtotal],
    ...(totals.discount
      ? [['Discount', `−${totals.discount}`, 'totals__row--discount'] as [string, string, string]]
      : []),
    ['Shipping', totals.shipping],
    ['Tax', totals.tax],
    ['Total', totals.total, 'totals__row--total'],
  ]
  return (
    <dl className="totals" aria-label="Order totals">
      {rows.map(([label, value, modifier]) => (
        <div key={label} className={modifier ? `totals__row ${modifier}` : 'totals__row'}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** What the order's statuses say, in words. */
const STATUS: Record<string, string> = {
  APPROVED: 'Confirmed',
  CANCELED: 'Canceled',
  PENDING: 'Awaiting payment',
  REJECTED: 'Payment failed',
  INITIALIZED: 'Being placed',
  PAID: 'Paid',
  NOT_PAID: 'Not paid',
  PARTIALLY_PAID: 'Partly paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
  PENDING_MERCHANT: 'Awaiting the shop',
  DECLINED: 'Declined',
  NOT_FULFILLED: 'Not shipped yet',
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
}

/** A status of an order in words (the code itself when the shop does not know it). */
export const statusText = (status: string): string => STATUS[status] ?? status

/** A shipment in one sentence: `Shipped on Nov 27, 2026 · 2 items · UPS tracking 1Z999`. */
function Shipment({ shipment }: { shipment: ShipmentView }) {
  const tracking = shipment.trackingNumber && (
    <>
      {shipment.carrier ? `${shipment.carrier} tracking ` : 'Tracking '}
      {shipment.trackingLink ? (
        <a href={shipment.trackingLink} rel="noreferrer noopener" target="_blank">
          {shipment.trackingNumber}
        </a>
      ) : (
        shipment.trackingNumber
      )}
    </>
  )
  return (
    <li>
      {shipment.date ? `Shipped on ${shipment.date}` : 'Shipped'}
      {` · ${shipment.items} ${shipment.items === 1 ? 'item' : 'items'}`}
      {tracking && <> · {tracking}</>}
    </li>
  )
}

/** Where an order goes and how, and its shipments when there are. */
function Delivery({ order, shipments }: { order: OrderView; shipments?: ShipmentView[] }) {
  return (
    <section className="panel" aria-labelledby="delivery-title">
      <h2 className="panel__title" id="delivery-title">
        Delivery
      </h2>
      <dl className="profile">
        {order.shipTo.length > 0 && (
          <div>
            <dt>Ship to</dt>
            <dd>
              <address className="order__address">
                {order.shipTo.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            </dd>
          </div>
        )}
        {order.delivery && (
          <div>
            <dt>Delivery</dt>
            <dd>
              {order.delivery.title}
              {order.delivery.time && <span className="muted"> · {order.delivery.time}</span>}
            </dd>
          </div>
        )}
        {shipments && (
          <div>
            <dt>Shipments</dt>
            <dd>
              {shipments.length ? (
                <ul className="order__shipments">
                  {shipments.map((shipment) => (
                    <Shipment key={shipment.id} shipment={shipment} />
                  ))}
                </ul>
              ) : (
                'Nothing has shipped yet.'
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  )
}

/**
 * An order as its buyer sees it: the items, the totals, where and how it is delivered; with
 * `shipments`, what has shipped.
 */
export function OrderDetails({
  order,
  shipments,
}: {
  order: OrderView
  shipments?: ShipmentView[]
}) {
  return (
    <div className="order">
      <section className="panel order__items" aria-labelledby="items-title">
        <h2 className="panel__title" id="items-title">
          Items
        </h2>
        <OrderItems lines={order.lines} />
        <OrderTotals totals={order.totals} />
      </section>
      <Delivery order={order} shipments={shipments} />
    </div>
  )
}
