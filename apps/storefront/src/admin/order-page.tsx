import type { Fulfillment, Order } from '@vitrine/client'
import {
  useCancelOrder,
  useMerchantOrder,
  useOrderFulfillments,
  useVitrineClient,
} from '@vitrine/react'
import { useMemo, useState, type ReactNode } from 'react'
import { useLocation, useParams } from 'react-router'
import { formatDateTime, formatMoney } from '../lib/format'
import { orderViewOf, personName, shipmentOf, unitsOf, type OrderView } from '../orders/order-view'
import { ConfirmDialog } from './dialog'
import { SwitchField, TextAreaField } from './fields'
import { addressLines } from '../orders/address-lines'
import { buyerName } from './format'
import { FulfillDialog, remainingLines } from './fulfill-dialog'
import { FulfillmentBadge, OrderStatusBadge, PaymentBadge } from './order-status'
import { PageHeader } from './page-header'
import { Thumb } from './products-table'
import { ErrorState, Loading } from './states'
import { useToast } from './toasts'

/** Where "Orders" leads back to: the list the order was opened from, with its search and filters. */
function useBackToList() {
  const state = useLocation().state as { listSearch?: unknown } | null
  const search = typeof state?.listSearch === 'string' ? state.listSearch : ''
  return { to: `/admin/orders${search.startsWith('?') ? search : ''}`, label: 'Orders' }
}

/**
 * One order: what the buyer's order page shows too (items, totals, delivery, shipments: the shared
 * `OrderView`), in the console's cards, with the buyer, billing, and fulfilling or canceling it.
 */
export function OrderPage() {
  const { id = '' } = useParams()
  const back = useBackToList()
  const query = useMerchantOrder(id)

  if (query.isPending) return <Loading label="Loading order…" rows={4} />
  if (query.isError)
    return (
      <>
        <PageHeader title="Order" back={back} />
        <div className="adm-panel">
          <ErrorState
            error={query.error}
            title="This order could not be loaded"
            onRetry={() => void query.refetch()}
          />
        </div>
      </>
    )
  return <OrderDetail order={query.data} back={back} />
}

function OrderDetail({ order, back }: { order: Order; back: { to: string; label: string } }) {
  const fulfillments = useOrderFulfillments(order.id)
  const cancel = useCancelOrder()
  const [fulfilling, setFulfilling] = useState(false)
  const [canceling, setCanceling] = useState(false)
  const toast = useToast()
  // The shop's client is the platform's: the lines' pictures are on its host.
  const platform = useVitrineClient()
  const view = useMemo(() => orderViewOf(order, platform), [order, platform])
  const canceled = order.status === 'CANCELED'
  const remaining = fulfillments.data ? remainingLines(order, fulfillments.data) : []
  const fulfillable = !canceled && order.fulfillmentStatus !== 'FULFILLED' && remaining.length > 0

  const [restock, setRestock] = useState(true)
  const [notify, setNotify] = useState(true)
  const [message, setMessage] = useState('')

  async function confirmCancel() {
    await cancel.mutateAsync({
      id: order.id,
      restockAllItems: restock,
      sendOrderCanceledEmail: notify,
      ...(notify && message.trim() && { customMessage: message.trim() }),
    })
    toast.success(`Order #${order.number} is canceled.`)
    setCanceling(false)
  }

  return (
    <>
      <PageHeader
        title={`Order #${order.number}`}
        back={back}
        meta={
          <>
            <span>Placed {formatDateTime(order.purchasedDate ?? order.createdDate) ?? '—'}</span>
            <OrderStatusBadge status={order.status} />
            <PaymentBadge status={order.paymentStatus} />
            <FulfillmentBadge status={order.fulfillmentStatus} />
          </>
        }
        actions={
          <>
            {!canceled && (
              <button
                type="button"
                className="adm-button adm-button--ghost adm-button--danger-text"
                onClick={() => setCanceling(true)}
              >
                Cancel order
              </button>
            )}
            {fulfillable && (
              <button
                type="button"
                className="adm-button adm-button--primary"
                onClick={() => setFulfilling(true)}
              >
                Mark as fulfilled
              </button>
            )}
          </>
        }
      />
      <div className="adm-editor-grid">
        <div className="adm-editor-grid__main">
          <ItemsCard view={view} units={unitsOf(order)} />
          <FulfillmentsCard order={order} view={view} query={fulfillments} />
        </div>
        <div className="adm-editor-grid__aside">
          <BuyerCard order={order} />
          <DeliveryCard order={order} view={view} />
          <BillingCard order={order} />
        </div>
      </div>
      <FulfillDialog
        open={fulfilling}
        order={order}
        remaining={remaining}
        onClose={() => setFulfilling(false)}
      />
      <ConfirmDialog
        open={canceling}
        title={`Cancel order #${order.number}?`}
        message={
          <>
            <p>
              Its payment stays as it is (refunds are made with your payment provider). This cannot
              be undone.
            </p>
            <SwitchField
              id="cancel-restock"
              label="Put the items back in stock"
              checked={restock}
              onChecked={setRestock}
            />
            <SwitchField
              id="cancel-notify"
              label="E-mail the buyer"
              checked={notify}
              onChecked={setNotify}
            />
            {notify && (
              <TextAreaField
                id="cancel-message"
                label="Message to the buyer (optional)"
                value={message}
                onValue={setMessage}
                rows={3}
                maxLength={1000}
              />
            )}
          </>
        }
        confirmLabel="Cancel order"
        dismissLabel="Keep order"
        mutation={cancel}
        onConfirm={confirmCancel}
        onClose={() => setCanceling(false)}
      />
    </>
  )
}

/** A card with a heading, for the order page's sections. */
function Card({
  id,
  title,
  flush,
  children,
}: {
  id: string
  title: string
  flush?: boolean
  children: ReactNode
}) {
  return (
    <section className={`adm-card${flush ? ' adm-card--flush' : ''}`} aria-labelledby={id}>
      <div className={flush ? 'adm-card__header adm-card__header--padded' : 'adm-card__header'}>
        <h2 id={id} className="adm-card__title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  )
}

function ItemsCard({ view, units }: { view: OrderView; units: number }) {
  const { totals } = view
  return (
    <Card id="order-items" title={`Items (${units})`} flush>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <caption className="visually-hidden">Items of the order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="adm-table__num adm-col-optional">
                Price
              </th>
              <th scope="col" className="adm-table__num">
                Quantity
              </th>
              <th scope="col" className="adm-table__num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <div className="adm-product-cell">
                    <Thumb src={line.image} size={48} />
                    <div>
                      <span className="adm-order-item__name">{line.name}</span>
                      {(line.options || line.sku) && (
                        <span className="adm-product-cell__meta">
                          {[line.options, line.sku && `SKU ${line.sku}`]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      )}
                    </div>
                  </div>
                </td>
                <td className="adm-table__num adm-col-optional">{line.price}</td>
                <td className="adm-table__num">× {line.quantity}</td>
                <td className="adm-table__num">{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="adm-totals">
        <Total label="Subtotal" value={totals.subtotal} />
        {totals.discount && <Total label="Discount" value={`−${totals.discount}`} />}
        <Total label="Shipping" value={totals.shipping} />
        <Total label="Tax" value={totals.tax} />
        <Total label="Total" value={totals.total} strong />
      </dl>
    </Card>
  )
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`adm-totals__row${strong ? ' adm-totals__row--total' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function FulfillmentsCard({
  order,
  view,
  query,
}: {
  order: Order
  view: OrderView
  query: ReturnType<typeof useOrderFulfillments>
}) {
  const names = new Map(view.lines.map((line) => [line.id, line.name]))
  return (
    <Card id="order-fulfillments" title="Fulfillments">
      {query.isPending ? (
        <Loading label="Loading fulfillments…" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          title="The fulfillments could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="muted">
          {order.fulfillmentStatus === 'FULFILLED'
            ? 'Nothing to send: this order was fulfilled when it was placed.'
            : 'Nothing is marked as sent yet.'}
        </p>
      ) : (
        <ol className="adm-fulfillments">
          {query.data.map((fulfillment, index) => (
            <FulfillmentItem
              key={fulfillment.id ?? index}
              fulfillment={fulfillment}
              names={names}
            />
          ))}
        </ol>
      )}
    </Card>
  )
}

/** A fulfillment: when it was sent (the shared shipment view), which items, and its tracking. */
function FulfillmentItem({
  fulfillment,
  names,
}: {
  fulfillment: Fulfillment
  names: Map<string, string>
}) {
  const shipment = shipmentOf(fulfillment)
  const tracking = [shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' · ')
  return (
    <li className="adm-fulfillments__item">
      <strong>Sent {shipment.date ?? '—'}</strong>
      <span className="muted">
        {(fulfillment.lineItems ?? [])
          .map((line) => `${names.get(line.id) ?? 'Item'} × ${line.quantity ?? 1}`)
          .join(', ')}
      </span>
      {tracking && (
        <span>
          {tracking}
          {shipment.trackingLink && (
            <>
              {' · '}
              <a href={shipment.trackingLink} target="_blank" rel="noreferrer">
                Track<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </span>
      )}
    </li>
  )
}

function BuyerCard({ order }: { order: Order }) {
  const name = buyerName(order)
  const email = order.buyerInfo?.email
  const phone =
    order.billingInfo?.contactDetails?.phone ?? order.recipientInfo?.contactDetails?.phone
  return (
    <Card id="order-buyer" title="Buyer">
      <div className="adm-order-lines">
        {name && <span>{name}</span>}
        {email && <a href={`mailto:${email}`}>{email}</a>}
        {phone && <span>{phone}</span>}
        <span className="muted">
          {order.buyerInfo?.memberId ? 'Site member' : 'Checked out as a guest'}
        </span>
      </div>
    </Card>
  )
}

/** How and where the order goes (the shared view), with what the merchant pays and is asked. */
function DeliveryCard({ order, view }: { order: Order; view: OrderView }) {
  const logistics = order.shippingInfo?.logistics
  const cost = order.shippingInfo?.cost?.price
  if (!view.delivery)
    return (
      <Card id="order-delivery" title="Delivery">
        <p className="muted">Nothing to deliver.</p>
      </Card>
    )
  return (
    <Card id="order-delivery" title="Delivery">
      <div className="adm-order-lines">
        <strong>{view.delivery.title}</strong>
        {view.delivery.time && <span className="muted">{view.delivery.time}</span>}
        {cost && <span className="muted">{formatMoney(cost, order.currency)}</span>}
      </div>
      <Lines lines={view.shipTo} />
      {logistics?.instructions && <p className="muted">{logistics.instructions}</p>}
    </Card>
  )
}

/** The billing address, unless it is the delivery address again. */
function BillingCard({ order }: { order: Order }) {
  const billing = order.billingInfo
  if (!billing?.address) return null
  const delivery = order.shippingInfo?.logistics?.shippingDestination
  const same =
    JSON.stringify([billing.address, billing.contactDetails]) ===
    JSON.stringify([delivery?.address, delivery?.contactDetails])
  return (
    <Card id="order-billing" title="Billing address">
      {same ? (
        <p className="muted">Same as the delivery address.</p>
      ) : (
        <Lines
          lines={[personName(billing.contactDetails), ...addressLines(billing.address)].filter(
            Boolean,
          )}
        />
      )}
    </Card>
  )
}

/** An address, one line each. */
function Lines({ lines }: { lines: string[] }) {
  if (!lines.length) return null
  return (
    <address className="adm-order-lines">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  )
}
