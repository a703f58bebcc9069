import { randomUUID } from 'node:crypto'
import { guard, isElevated, requireElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import type { Kysely } from 'kysely'
import type { Identity, Schema } from '../../db/schema.js'
import { transaction } from '../../db/transaction.js'
import { PlatformError, violation, type FieldViolation } from '../../http/platform-error.js'
import { closed, flag, text, type FromSchema, type SchemaApp } from '../../http/schema.js'
import { domainEvent, emit, EVENT_TYPES, eventIdentity } from '../events/index.js'
import { orderNotFound } from './service.js'
import { emitOrderFulfilled } from './events.js'
import { lockOrder, orderDataOf, type OrderData } from './store.js'
import { wireOrder } from './wire.js'

/*
 * An order's fulfillments (wire-orders-members §1.7, the provider's `orderFulfillments`): items of
 * the order shipped or delivered together. Created by elevated callers; listed by them and by the
 * member who bought the order. Choices where the facts are silent:
 * - A fulfillment holds at most what is left of each line: its quantity (all that is left when
 *   omitted) plus the line's earlier fulfillments never exceed the line's quantity.
 * - `fulfillmentStatus` follows: every unit fulfilled is `FULFILLED`, some `PARTIALLY_FULFILLED`;
 *   never back from `FULFILLED` (an order with nothing to ship is fulfilled when placed). Each
 *   change emits `order_fulfilled` (action `CREATED`), each new fulfillment `fulfillments_updated`.
 * - Anyone else (a visitor, another member) gets the 404 of an unknown order.
 */

const id = text(200, 1)

/** `{orderId}` path parameters. */
const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const

/** The list call's query string: the order's id again, as the provider's clients send it. */
const listQuery = { type: 'object', properties: { orderId: id } } as const

/** A fulfillment as a caller gives it; tracking texts are bounded as the provider's. */
const fulfillmentInput = closed({
  lineItems: {
    type: 'array',
    minItems: 1,
    maxItems: 300,
    items: {
      ...closed({ id, quantity: { type: 'integer', minimum: 1, maximum: 100000 } }),
      required: ['id'],
    },
  },
  trackingInfo: closed({
    trackingNumber: text(100),
    shippingProvider: text(100),
    trackingLink: { type: 'string', maxLength: 2000, pattern: '^https?://[^\\s]+$' },
  }),
  status: text(100),
  completed: flag,
})

/** `createFulfillment`'s body: `{orderId, fulfillment}`. */
const createBody = {
  ...closed({ orderId: id, fulfillment: { ...fulfillmentInput, required: ['lineItems'] } }),
  required: ['fulfillment'],
} as const

type FulfillmentInput = FromSchema<typeof createBody>['fulfillment']

/** A fulfillment on the wire. */
export interface WireFulfillment {
  id: string
  createdDate: string
  lineItems: { id: string; quantity: number }[]
  trackingInfo?: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string }
  status?: string
  completed?: boolean
}

/** `orderWithFulfillments` on the wire. */
export interface OrderWithFulfillments {
  orderId: string
  fulfillments: WireFulfillment[]
}

/** Order `orderId`'s fulfillments, oldest first. */
async function fulfillmentsOf(db: Kysely<Schema>, orderId: string): Promise<WireFulfillment[]> {
  const rows = await db
    .selectFrom('order_fulfillments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_date')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    createdDate: row.created_date,
    ...(JSON.parse(row.data) as Omit<WireFulfillment, 'id' | 'createdDate'>),
  }))
}

/** Units of each line fulfilled so far. */
function fulfilledUnits(fulfillments: WireFulfillment[]): Map<string, number> {
  const units = new Map<string, number>()
  for (const fulfillment of fulfillments)
    for (const line of fulfillment.lineItems)
      units.set(line.id, (units.get(line.id) ?? 0) + line.quantity)
  return units
}

/**
 * The lines `input` fulfills, each with its quantity (what is left of the line when omitted);
 * a 400 naming every line that is not the order's, repeated, or more than is left of it.
 */
function checkedLines(
  order: OrderData,
  done: Map<string, number>,
  input: FulfillmentInput,
): { id: string; quantity: number }[] {
  const ordered = new Map(order.lineItems.map((line) => [line.id, line.quantity]))
  const violations: FieldViolation[] = []
  const seen = new Set<string>()
  const lines = input.lineItems.map((line, index) => {
    const field = `fulfillment.lineItems[${index}]`
    const quantity = ordered.get(line.id)
    const left = (quantity ?? 0) - (done.get(line.id) ?? 0)
    if (quantity === undefined)
      violations.push(violation(`${field}.id`, 'is not a line item of the order'))
    else if (seen.has(line.id)) violations.push(violation(`${field}.id`, 'is given twice'))
    else if ((line.quantity ?? left) > left || left === 0)
      violations.push(
        violation(
          `${field}.quantity`,
          `must be at most ${left}: what is left to fulfill of the line`,
          'MAX',
          { max: left },
        ),
      )
    seen.add(line.id)
    return { id: line.id, quantity: line.quantity ?? left }
  })
  if (violations.length) throw PlatformError.validation(violations)
  return lines
}

/** `fulfillmentStatus` of `order` once `done` units of its lines are fulfilled. */
function statusOf(order: OrderData, done: Map<string, number>): string {
  const all = order.lineItems.every((line) => (done.get(line.id) ?? 0) >= line.quantity)
  if (all) return 'FULFILLED'
  return done.size ? 'PARTIALLY_FULFILLED' : 'NOT_FULFILLED'
}

/**
 * `createFulfillment`: stores a fulfillment of order `orderId`'s lines, moves the order's
 * `fulfillmentStatus` on, and emits `fulfillments_updated` (and `order_fulfilled` when the
 * status changed) as `caller`.
 */
export async function createFulfillment(
  ctx: PlatformContext,
  orderId: string,
  input: FulfillmentInput,
  caller: Pick<Identity, 'id' | 'type'>,
): Promise<{ fulfillmentId: string; orderWithFulfillments: OrderWithFulfillments }> {
  return transaction(ctx.db, async (trx) => {
    const row = await lockOrder(trx, orderId)
    if (!row) throw orderNotFound(orderId)
    const data = orderDataOf(row)
    const before = await fulfillmentsOf(trx, orderId)
    const lineItems = checkedLines(data, fulfilledUnits(before), input)
    const { trackingInfo, status, completed } = input
    const fulfillment: WireFulfillment = {
      id: randomUUID(),
      createdDate: new Date().toISOString(),
      lineItems,
      ...(trackingInfo && { trackingInfo }),
      ...(status !== undefined && { status }),
      ...(completed !== undefined && { completed }),
    }
    const { id: fulfillmentId, createdDate, ...stored } = fulfillment
    await trx
      .insertInto('order_fulfillments')
      .values({
        id: fulfillmentId,
        order_id: orderId,
        created_date: createdDate,
        data: JSON.stringify(stored),
      })
      .execute()
    const fulfillments = [...before, fulfillment]
    const orderWithFulfillments = { orderId, fulfillments }
    const identity = eventIdentity(caller)
    const previous = row.fulfillment_status
    // An order with nothing to ship was fulfilled when placed: it stays so.
    const next = previous === 'FULFILLED' ? previous : statusOf(data, fulfilledUnits(fulfillments))
    if (next !== previous) {
      const changed = { fulfillment_status: next, updated_date: createdDate }
      await trx.updateTable('orders').set(changed).where('id', '=', orderId).execute()
      const order = wireOrder({ ...row, ...changed })
      await emitOrderFulfilled(trx, order, previous, identity)
    }
    await emit(trx, {
      eventType: EVENT_TYPES.fulfillmentsUpdated,
      payload: domainEvent('wix.ecom.v1.fulfillments', 'updated', orderId, {
        updatedEvent: { currentEntity: orderWithFulfillments },
      }),
      identity,
    })
    return { fulfillmentId, orderWithFulfillments }
  })
}

/**
 * `GET /ecom/v1/fulfillments/orders/{orderId}` (an elevated caller or the order's member) and
 * `POST /ecom/v1/fulfillments/orders/{orderId}/create-fulfillment` (elevated callers only).
 */
export function fulfillmentsRoutes(app: SchemaApp, ctx: PlatformContext): void {
  app.get(
    '/ecom/v1/fulfillments/orders/:orderId',
    { onRequest: guard.identity, schema: { params: orderParams, querystring: listQuery } },
    async (request) => {
      const caller = requireIdentity(request)
      const elevated = isElevated(request)
      if (!elevated && caller.type !== 'MEMBER')
        throw PlatformError.forbidden(
          'This call needs an elevated client, or the member whose order it is',
        )
      // `listFulfillmentsForSingleOrder`: another member is answered as for an unknown order.
      const { orderId } = request.params
      const db = ctx.db.kysely
      const order = await db
        .selectFrom('orders')
        .select('member_id')
        .where('id', '=', orderId)
        .executeTakeFirst()
      if (!order || (!elevated && order.member_id !== caller.id)) throw orderNotFound(orderId)
      return { orderWithFulfillments: { orderId, fulfillments: await fulfillmentsOf(db, orderId) } }
    },
  )

  app.post(
    '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment',
    { onRequest: guard.elevated, schema: { params: orderParams, body: createBody } },
    (request) =>
      createFulfillment(
        ctx,
        request.params.orderId,
        request.body.fulfillment,
        requireElevated(request),
      ),
  )
}
