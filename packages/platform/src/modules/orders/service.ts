import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import { findOrder } from './store.js'
import { wireOrder, type WireOrder } from './wire.js'

/** 404 `ORDER_NOT_FOUND` in the provider's error shape. */
export const orderNotFound = (id: string) =>
  PlatformError.application(404, 'ORDER_NOT_FOUND', `Order "${id}" not found`, { orderId: id })

/** `getOrder`: order `id`, whatever its status; 404 `ORDER_NOT_FOUND` when there is none. */
export async function getOrder(db: Kysely<Schema>, id: string): Promise<WireOrder> {
  const row = await findOrder(db, id)
  if (!row) throw orderNotFound(id)
  return wireOrder(row)
}
