import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../../db/schema.js'
import { transaction, type Tx } from '../../db/transaction.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { eventIdentity } from '../events/index.js'
import { mailCancellation, mailConfirmation } from './mails.js'
import { emitOrderCanceled, emitOrderPlaced, type CancelOptions } from './events.js'
import { lockStock, returnStock } from '../catalog/index.js'
import { findOrder, insertOrder, lockOrder, orderDataOf, type NewOrder } from './store.js'
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
 * call), and `order_canceled` is emitted as `caller`; with `restockAllItems` the units it took go
 * back in stock (its lines' `restockQuantity`), with `sendOrderCanceledEmail` the buyer is mailed
 * (with `customMessage`). An order canceled already is answered as it is: nothing again.
 */
export async function cancelOrder(
  ctx: PlatformContext,
  id: string,
  options: CancelOptions,
  caller: Pick<Identity, 'id' | 'type'>,
): Promise<WireOrder> {
  return transaction(ctx.db, async (trx) => {
    const row = await lockOrder(trx, id)
    if (!row) throw orderNotFound(id)
    if (row.status === 'CANCELED') return wireOrder(row)
    const identity = eventIdentity(caller)
    const data = orderDataOf(row)
    if (options.restockAllItems) {
      await returnStock(trx, await lockStock(trx, data.stock ?? []), identity)
      data.restocked = true
    }
    const updated = {
      status: 'CANCELED',
      updated_date: new Date().toISOString(),
      data: JSON.stringify(data),
    }
    await trx.updateTable('orders').set(updated).where('id', '=', id).execute()
    const order = wireOrder({ ...row, ...updated })
    await emitOrderCanceled(trx, order, options, identity)
    if (options.sendOrderCanceledEmail) await mailCancellation(trx, order, options.customMessage)
    return order
  })
}
