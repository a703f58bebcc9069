import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { eventIdentity } from '../events/index.js'
import { mailConfirmation } from './confirmation.js'
import { emitOrderCanceled, emitOrderPlaced, type CancelOptions } from './events.js'
import { findOrder, insertOrder, lockOrder, type NewOrder } from './store.js'
import { wireOrder, type WireOrder } from './wire.js'

/** 404 `ORDER_NOT_FOUND` in the provider's error shape. */
export const orderNotFound = (id: string) =>
  PlatformError.application(404, 'ORDER_NOT_FOUND', `Order "${id}" not found`, { orderId: id })

/**
 * Places `order` in `trx` (the checkout's transaction): stores it, paid and approved, emits
 * `order_created` and `order_approved` as its buyer and mails the buyer a confirmation. Returns
 * the order as the wire shows it.
 */
export async function createOrder(trx: Tx, order: NewOrder): Promise<WireOrder> {
  const placed = wireOrder(await insertOrder(trx, order))
  await emitOrderPlaced(trx, placed, eventIdentity(order.owner))
  await mailConfirmation(trx, placed)
  return placed
}

/** `getOrder`: order `id`, whatever its status; 404 `ORDER_NOT_FOUND` when there is none. */
export async function getOrder(db: Kysely<Schema>, id: string): Promise<WireOrder> {
  const row = await findOrder(db, id)
  if (!row) throw orderNotFound(id)
  return wireOrder(row)
}

/**
 * `cancelOrder`: order `id` becomes `CANCELED` (its payment stays as it is: a refund is another
 * call), and `order_canceled` is emitted as `caller`; an order canceled already is answered as it
 * is, with no new event. Neither e-mails nor restocking are done here: asking for them is a 400.
 */
export async function cancelOrder(
  ctx: PlatformContext,
  id: string,
  options: CancelOptions,
  caller: Pick<Identity, 'id' | 'type'>,
): Promise<WireOrder> {
  if (options.sendOrderCanceledEmail)
    throw PlatformError.invalid(
      'sendOrderCanceledEmail',
      'cannot be true: this platform sends no cancellation e-mail',
      'FIELD_NOT_ALLOWED',
    )
  if (options.restockAllItems)
    throw PlatformError.invalid(
      'restockAllItems',
      'cannot be true: this platform does not return canceled items to stock',
      'FIELD_NOT_ALLOWED',
    )
  return transaction(ctx.db, async (trx) => {
    const row = await lockOrder(ctx.db, trx, id)
    if (!row) throw orderNotFound(id)
    if (row.status === 'CANCELED') return wireOrder(row)
    const updated = { status: 'CANCELED', updated_date: new Date().toISOString() }
    await trx.updateTable('orders').set(updated).where('id', '=', id).execute()
    const order = wireOrder({ ...row, ...updated })
    await emitOrderCanceled(trx, order, options, eventIdentity(caller))
    return order
  })
}
