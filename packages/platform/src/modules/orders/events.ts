import type { Tx } from '../../db/transaction.js'
import { domainEvent, emit, EVENT_TYPES, type EventIdentity } from '../events/index.js'
import type { WireOrder } from './wire.js'

const ENTITY = 'wix.ecom.v1.order'

/**
 * Emits what placing `order` means (wire-orders-members §3), in the transaction that stored it:
 * `order_created` (`createdEvent.entity`: the order) and, as it is paid, `order_approved` (an
 * action event: `{order}`).
 */
export async function emitOrderPlaced(
  trx: Tx,
  order: WireOrder,
  identity: EventIdentity,
): Promise<void> {
  await emit(trx, {
    eventType: EVENT_TYPES.orderCreated,
    payload: domainEvent(ENTITY, 'created', order.id, { createdEvent: { entity: order } }),
    identity,
  })
  await emit(trx, {
    eventType: EVENT_TYPES.orderApproved,
    payload: domainEvent(ENTITY, 'approved', order.id, { actionEvent: { body: { order } } }),
    identity,
  })
}

/** What a cancellation asked for besides the order, as `order_canceled` carries it. */
export interface CancelOptions {
  sendOrderCanceledEmail?: boolean
  customMessage?: string
  restockAllItems?: boolean
}

/** Emits `order_canceled` (an action event: `{order, …options}`) in the cancelling transaction. */
export async function emitOrderCanceled(
  trx: Tx,
  order: WireOrder,
  options: CancelOptions,
  identity: EventIdentity,
): Promise<void> {
  await emit(trx, {
    eventType: EVENT_TYPES.orderCanceled,
    payload: domainEvent(ENTITY, 'canceled', order.id, {
      actionEvent: { body: { order, ...options } },
    }),
    identity,
  })
}

/**
 * Emits `order_fulfilled` (an action event: `{order, previousFulfillmentStatus,
 * newFulfillmentStatus, action}`) when a new fulfillment moved `order`'s status on from `previous`.
 */
export async function emitOrderFulfilled(
  trx: Tx,
  order: WireOrder,
  previous: string,
  identity: EventIdentity,
): Promise<void> {
  await emit(trx, {
    eventType: EVENT_TYPES.orderFulfilled,
    payload: domainEvent(ENTITY, 'fulfilled', order.id, {
      actionEvent: {
        body: {
          order,
          previousFulfillmentStatus: previous,
          newFulfillmentStatus: order.fulfillmentStatus,
          action: 'CREATED',
        },
      },
    }),
    identity,
  })
}
