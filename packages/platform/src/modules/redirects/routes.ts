import type { FastifyInstance, FastifyRequest } from 'fastify'
import { guard, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { redirectSessionSchema, type RedirectSessionBody } from './schema.js'
import { createRedirectSession } from './service.js'

/** The URL the request came to (protocol and `Host`), so sessions work on any host and port. */
export const requestBase = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`

/** `POST /_api/redirects-api/v1/redirect-session` (wire-contract §2), for any identity. */
export function redirectRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.post<{ Body: RedirectSessionBody }>(
    '/_api/redirects-api/v1/redirect-session',
    { onRequest: guard.identity, schema: { body: redirectSessionSchema } },
    (request) =>
      createRedirectSession(ctx, requireIdentity(request), request.body, requestBase(request)),
  )
}
