import { guard, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import type { SchemaApp } from '../../http/schema.js'
import { redirectSessionSchema } from './schema.js'
import { createRedirectSession } from './service.js'

/**
 * `POST /_api/redirects-api/v1/redirect-session` (wire-contract §2), for any identity. Hosted
 * pages are on the configured public URL (`VITRINE_PUBLIC_URL`), whatever the request's `Host`.
 */
export function redirectRoutes(app: SchemaApp, ctx: PlatformContext): void {
  app.post(
    '/_api/redirects-api/v1/redirect-session',
    { onRequest: guard.identity, schema: { body: redirectSessionSchema } },
    (request) => createRedirectSession(ctx, requireIdentity(request), request.body),
  )
}
