import { closed, flag, object, text, type FromSchema } from '../../http/schema.js'
import { MAX_CURSOR_LENGTH } from './cursor.js'

/*
 * JSON schemas of the orders routes (a mismatch is a 400 with field violations). The id of
 * `GET /ecom/v1/orders/{id}` is accepted again in the query string (`?id=`), as the provider's
 * clients send it.
 */

/** Orders per page: by default, and at most (wire-orders-members §1.2). */
export const DEFAULT_LIMIT = 100

/** An order id. */
const id = text(200, 1)

/** `{id}` path parameters. */
export const idParams = object({ id }, ['id'])

/** `GET /ecom/v1/orders/{id}`'s query string: the id again. */
export const getOrderQuery = object({ id })

/**
 * `POST /ecom/v1/orders/search`: `{search: {filter, sort, cursorPaging}}` (wire-orders-members
 * §1.1). The filter is checked field by field by the query compiler (`search.filter.<field>`).
 */
export const searchBody = {
  type: 'object',
  properties: {
    search: closed({
      filter: { type: 'object' },
      sort: {
        type: 'array',
        maxItems: 4,
        items: {
          ...closed({ fieldName: text(200, 1), order: { type: 'string', enum: ['ASC', 'DESC'] } }),
          required: ['fieldName'],
        },
      },
      cursorPaging: closed({
        limit: { type: 'integer', minimum: 1, maximum: DEFAULT_LIMIT },
        cursor: text(MAX_CURSOR_LENGTH),
      }),
    }),
  },
} as const

/** `POST /ecom/v1/orders/{id}/cancel`'s body (wire-orders-members §1.7). */
export const cancelBody = closed({
  id,
  sendOrderCanceledEmail: flag,
  customMessage: text(1000),
  restockAllItems: flag,
})

/** `searchOrders`' body, as its schema lets it through. */
export type SearchBody = FromSchema<typeof searchBody>
