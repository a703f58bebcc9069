import type { FulfillmentStatus, Order, OrderStatus, PaymentStatus } from '@vitrine/client'

type Tone = 'success' | 'warning' | 'danger' | 'muted'

/** Each payment status in words, and the tone of its badge. */
export const PAYMENT_STATUSES: Record<PaymentStatus, { label: string; tone: Tone }> = {
  PAID: { label: 'Paid', tone: 'success' },
  NOT_PAID: { label: 'Not paid', tone: 'warning' },
  PENDING: { label: 'Payment pending', tone: 'warning' },
  PENDING_MERCHANT: { label: 'Awaiting your action', tone: 'warning' },
  PARTIALLY_PAID: { label: 'Partly paid', tone: 'warning' },
  PARTIALLY_REFUNDED: { label: 'Partly refunded', tone: 'muted' },
  FULLY_REFUNDED: { label: 'Refunded', tone: 'muted' },
  CANCELED: { label: 'Payment canceled', tone: 'danger' },
  DECLINED: { label: 'Declined', tone: 'danger' },
  UNSPECIFIED: { label: 'Unknown', tone: 'muted' },
}

/** Each fulfillment status in words, and the tone of its badge. */
export const FULFILLMENT_STATUSES: Record<FulfillmentStatus, { label: string; tone: Tone }> = {
  NOT_FULFILLED: { label: 'Not fulfilled', tone: 'warning' },
  PARTIALLY_FULFILLED: { label: 'Partly fulfilled', tone: 'warning' },
  FULFILLED: { label: 'Fulfilled', tone: 'success' },
}

/** The order statuses worth a badge (an approved order needs none). */
const ORDER_STATUSES: Partial<Record<OrderStatus, { label: string; tone: Tone }>> = {
  CANCELED: { label: 'Canceled', tone: 'danger' },
  PENDING: { label: 'Checkout unfinished', tone: 'warning' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  INITIALIZED: { label: 'Not approved yet', tone: 'muted' },
}

/** The filter choices of a status: "All" first, then every status in words. */
export const statusOptions = <S extends string>(
  statuses: Record<S, { label: string }>,
  all: string,
): { value: S | ''; label: string }[] => [
  { value: '', label: all },
  ...(Object.entries(statuses) as [S, { label: string }][]).map(([value, { label }]) => ({
    value,
    label,
  })),
]

function Badge({ label, tone }: { label: string; tone: Tone }) {
  return <span className={`adm-badge adm-badge--${tone}`}>{label}</span>
}

export const PaymentBadge = ({ status }: { status: PaymentStatus }) => (
  <Badge {...(PAYMENT_STATUSES[status] ?? { label: status, tone: 'muted' })} />
)

export const FulfillmentBadge = ({ status }: { status: FulfillmentStatus }) => (
  <Badge {...(FULFILLMENT_STATUSES[status] ?? { label: status, tone: 'muted' })} />
)

/** A badge for a canceled, pending, rejected or unapproved order; nothing for an approved one. */
export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const badge = ORDER_STATUSES[status]
  return badge ? <Badge {...badge} /> : null
}
