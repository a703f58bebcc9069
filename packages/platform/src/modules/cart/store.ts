import { randomUUID } from 'node:crypto'
import type { Insertable, Kysely, Selectable } from 'kysely'
import { prepared } from '../../db/prepared.js'
import type { Schema } from '../../db/schema.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import type { CartLineItemsTable, CartsTable } from './tables.js'

/** A row of `carts`. */
export type CartRow = Selectable<CartsTable>
/** A row of `cart_line_items`. */
export type LineRow = Selectable<CartLineItemsTable>
/** A new row of `cart_line_items`. */
export type NewLine = Insertable<CartLineItemsTable>

/** The cart of `ownerId`, without locking it (reads). */
export function findCart(db: Kysely<Schema>, ownerId: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('owner_identity_id', '=', ownerId)
    .executeTakeFirst()
}

const lockedCart = prepared((trx, ownerId: string) =>
  forUpdate(trx, trx.selectFrom('carts').selectAll().where('owner_identity_id', '=', ownerId)),
)

/**
 * The cart of `ownerId`, locked until `trx` ends (PostgreSQL `FOR UPDATE`; SQLite's transaction
 * already holds the write lock), so read-modify-write on it loses no concurrent change.
 */
export async function lockCart(trx: Tx, ownerId: string): Promise<CartRow | undefined> {
  return (await lockedCart(trx, ownerId))[0]
}

/**
 * Creates the cart of `ownerId` unless another transaction just did (then `undefined`: lock that
 * one). A concurrent insert of the same owner waits on the unique key until the other commits.
 */
export async function insertCart(
  trx: Tx,
  ownerId: string,
  currency: string,
): Promise<CartRow | undefined> {
  const now = new Date().toISOString()
  return trx
    .insertInto('carts')
    .values({
      id: randomUUID(),
      owner_identity_id: ownerId,
      currency,
      coupon_code: null,
      buyer_note: null,
      contact_info: null,
      merchant_discounts: null,
      created_date: now,
      updated_date: now,
    })
    .onConflict((oc) => oc.column('owner_identity_id').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** The line items of `cartId`, in the order they were added. */
export const linesOf = prepared((db, cartId: string) =>
  db.selectFrom('cart_line_items').selectAll().where('cart_id', '=', cartId).orderBy('position'),
)

const writeCart = prepared((trx, id: string, columns: Partial<CartRow>) =>
  trx.updateTable('carts').set(columns).where('id', '=', id),
)

/** Writes `changes` to `cart`, stamps `updated_date`, and returns the row as it now is. */
export async function updateCart(
  trx: Tx,
  cart: CartRow,
  changes: Partial<CartRow> = {},
): Promise<CartRow> {
  const columns = { ...changes, updated_date: new Date().toISOString() }
  await writeCart(trx, cart.id, columns)
  return { ...cart, ...columns }
}

/** Sets the quantity of a line item (by id). */
export const setQuantity = prepared((db, lineId: string, quantity: number) =>
  db.updateTable('cart_line_items').set({ quantity }).where('id', '=', lineId),
)

/** Writes the unit prices of `lines` (catalog lines the catalog has re-priced). */
export async function setPrices(trx: Tx, lines: readonly LineRow[]): Promise<void> {
  for (const line of lines)
    await trx
      .updateTable('cart_line_items')
      .set({ price: line.price, full_price: line.full_price })
      .where('id', '=', line.id)
      .execute()
}

/** Removes line items of `cartId` (ids of other carts are ignored). */
export async function deleteLines(trx: Tx, cartId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await trx
    .deleteFrom('cart_line_items')
    .where('cart_id', '=', cartId)
    .where('id', 'in', [...ids])
    .execute()
}

/** Inserts line items. */
export async function insertLines(trx: Tx, lines: readonly NewLine[]): Promise<void> {
  if (lines.length > 0)
    await trx
      .insertInto('cart_line_items')
      .values([...lines])
      .execute()
}

/** Deletes the cart and its line items. */
export async function deleteCart(trx: Tx, cartId: string): Promise<void> {
  await trx.deleteFrom('cart_line_items').where('cart_id', '=', cartId).execute()
  await trx.deleteFrom('carts').where('id', '=', cartId).execute()
}
