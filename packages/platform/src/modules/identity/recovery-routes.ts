import type { FastifyInstance } from 'fastify'
import { guard, requireElevated } from '../../auth/guards.js'
import { PlatformError } from '../../http/platform-error.js'
import { requireEmail } from './emails.js'
import { forCaller, type IdentityContext } from './identity-context.js'
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.js'
import { identitySchemas as schemas, type IdentityBodies } from './schema.js'

const RECOVERY = '/_api/iam/recovery/v1'

/** The recovery calls: send-email, activation-email (elevated) and recover. */
export function recoveryRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: IdentityBodies['sendRecoveryEmail'] }>(
    `${RECOVERY}/send-email`,
    { schema: { body: schemas.sendRecoveryEmail } },
    async ({ body }) => {
      await sendRecoveryEmail(ctx, requireEmail('email', body.email), body.redirect)
      return {}
    },
  )

  app.post<{ Body: IdentityBodies['sendActivationEmail'] }>(
    `${RECOVERY}/activation-email`,
    { onRequest: guard.elevated, schema: { body: schemas.sendActivationEmail } },
    async (request) => {
      requireElevated(request)
      const { identityId, emailOptions } = request.body
      await sendActivationEmail(ctx, identityId, emailOptions?.redirect)
      return {}
    },
  )

  app.post<{ Body: IdentityBodies['recover'] }>(
    `${RECOVERY}/recover`,
    { schema: { body: schemas.recover } },
    async (request) => {
      const { body } = request
      if (!body.password) throw PlatformError.invalid('password', 'is required', 'REQUIRED_FIELD')
      return recover(forCaller(ctx, request), body.recoveryToken, body.password)
    },
  )
}
