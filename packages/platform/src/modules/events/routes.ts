import { guard } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { empty, type SchemaApp } from '../../http/schema.js'
import { createWebhookBodySchema, deliveriesQuerySchema, webhookParamsSchema } from './schema.js'
import { createWebhook, listDeliveries, listWebhooks, revokeWebhook } from './service.js'
import { signingKey } from './signing-key.js'
import { streamRoutes } from './stream.js'

/**
 * The events routes: the webhook signing key (public), webhook administration (the admin key or
 * a site user or app identity: 401/403 otherwise) and the server-sent events stream.
 *
 * - `GET /_vitrine/webhooks/public-key` → `{publicKey}`: SPKI PEM, for
 *   `createWebhooks({ publicKey })`.
 * - `POST /_vitrine/webhooks` `{url, eventTypes?}` → `{webhook}`
 * - `GET /_vitrine/webhooks` → `{webhooks}` (those in force)
 * - `DELETE /_vitrine/webhooks/{id}` → `{}`: revokes it
 * - `GET /_vitrine/webhooks/{id}/deliveries?limit&offset` → `{deliveries, metadata}`
 * - `GET /_vitrine/events/stream`: see `streamRoutes`
 */
export function eventsRoutes(app: SchemaApp, ctx: PlatformContext): void {
  app.get('/_vitrine/webhooks/public-key', async () => ({
    publicKey: (await signingKey(ctx.db)).publicKey,
  }))

  app.post(
    '/_vitrine/webhooks',
    { onRequest: guard.elevated, schema: { body: createWebhookBodySchema } },
    async (request) => ({ webhook: await createWebhook(ctx.db, request.body) }),
  )

  app.get('/_vitrine/webhooks', { onRequest: guard.elevated }, async () => ({
    webhooks: await listWebhooks(ctx.db),
  }))

  app.delete(
    '/_vitrine/webhooks/:id',
    { onRequest: guard.elevated, schema: { params: webhookParamsSchema } },
    (request) => revokeWebhook(ctx.db, request.params.id).then(empty),
  )

  app.get(
    '/_vitrine/webhooks/:id/deliveries',
    {
      onRequest: guard.elevated,
      schema: { params: webhookParamsSchema, querystring: deliveriesQuerySchema },
    },
    async (request) => listDeliveries(ctx.db, request.params.id, request.query),
  )

  streamRoutes(app, ctx.db)
}
