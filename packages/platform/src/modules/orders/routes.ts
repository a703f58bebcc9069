import { guard, requireElevated } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import type { SchemaApp } from '../../http/schema.js'
import { cancelBody, getOrderQuery, idParams, searchBody } from './schema.js'
import { fulfillmentsRoutes } from './fulfillments.js'
import { cancelOrder, getOrder } from './service.js'
import { searchOrders } from './search.js'

/**
 * eCommerce orders (wire-orders-members §1): `getOrder`, `searchOrders` and `cancelOrder`, for
 * elevated callers only (an API key, a site user or an app: the provider's `APP` identity); a
 * visitor or member gets a 403, no credentials a 401.
 */
export function ordersRoutes(app: SchemaApp, ctx: PlatformContext): void {
  const onRequest = guard.elevated

  app.get(
    '/ecom/v1/orders/:id',
    { onRequest, schema: { params: idParams, querystring: getOrderQuery } },
    async (request) => ({ order: await getOrder(ctx.db.kysely, request.params.id) }),
  )

  app.post('/ecom/v1/orders/search', { onRequest, schema: { body: searchBody } }, (request) =>
    searchOrders(ctx, request.body.search),
  )

  app.post(
    '/ecom/v1/orders/:id/cancel',
    { onRequest, schema: { params: idParams, body: cancelBody } },
    async (request) => {
      // The body repeats the path's id (`{id, …options}`), as the provider's clients send it.
      const { sendOrderCanceledEmail, customMessage, restockAllItems } = request.body
      const options = { sendOrderCanceledEmail, customMessage, restockAllItems }
      const order = await cancelOrder(ctx, request.params.id, options, requireElevated(request))
      return { order }
    },
  )

  fulfillmentsRoutes(app, ctx)
}
