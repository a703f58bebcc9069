import type { FromSchema } from '../../http/schema.js'
import { MAX_CURSOR_LENGTH } from './cursor.js'

/*
 * JSON schemas of the orders routes (a mismatch is a 400 with field violations). The id of
 * `GET /ecom/v1/orders/{id}` is accepted again in the query string (`?id=`), as the provider's
 * clients send it.
 */

/** Orders per page: by default, and at most (wire-orders-members §1.2). */
export const DEFAULT_LIMIT = 100

/** An order id. */
const id = { type: 'string', minLength: 1, maxLength: 200 } as const

/** `{id}` path parameters. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const

/** `GET /ecom/v1/orders/{id}`'s query string: the id again. */
export const getOrderQuery = {
  type: 'object',
  properties: { id },
} as const

/**
 * `POST /ecom/v1/orders/search`: `{search: {filter, sort, cursorPaging}}` (wire-orders-members
 * §1.1). The filter is checked field by field by the query compiler (`search.filter.<field>`).
 */
export const searchBody = {
  type: 'object',
  properties: {
    search: {
      type: 'object',
      additionalProperties: false,
      properties: {
        filter: { type: 'object' },
        sort: {
          type: 'array',
          maxItems: 4,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['fieldName'],
            properties: {
              fieldName: { type: 'string', minLength: 1, maxLength: 200 },
              order: { type: 'string', enum: ['ASC', 'DESC'] },
            },
          },
        },
        cursorPaging: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: DEFAULT_LIMIT },
            cursor: { type: 'string', maxLength: MAX_CURSOR_LENGTH },
          },
        },
      },
    },
  },
} as const

/** `POST /ecom/v1/orders/{id}/cancel`'s body (wire-orders-members §1.7). */
export const cancelBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id,
    sendOrderCanceledEmail: { type: 'boolean' },
    customMessage: { type: 'string', maxLength: 1000 },
    restockAllItems: { type: 'boolean' },
  },
} as const

/** `searchOrders`' body, as its schema lets it through. */
export type SearchBody = FromSchema<typeof searchBody>
/** `cancelOrder`'s body, as its schema lets it through. */
export type CancelBody = FromSchema<typeof cancelBody>
