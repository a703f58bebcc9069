import type { FastifyInstance } from 'fastify'
import { guard, requireIdentity } from '../../auth/guards.js'
import { forCaller, type IdentityContext } from './identity-context.js'
import { identitySchemas as schemas, type IdentityBodies } from './schema.js'
import { resendCode, startVerification, verifyDuringAuthentication } from './verification.js'

const VERIFICATION = '/_api/iam/verification/v1'

/** The verification calls: start, auth/verify and auth/resend. */
export function verificationRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: IdentityBodies['startVerification'] }>(
    `${VERIFICATION}/start`,
    { onRequest: guard.identity, schema: { body: schemas.startVerification } },
    async (request) => {
      const caller = request.apiKey ?? requireIdentity(request)
      return startVerification(ctx, caller, request.body.identityId)
    },
  )

  app.post<{ Body: IdentityBodies['verify'] }>(
    `${VERIFICATION}/auth/verify`,
    { schema: { body: schemas.verify } },
    async (request) =>
      verifyDuringAuthentication(forCaller(ctx, request), {
        ...request.body,
        remoteAddress: request.ip,
      }),
  )

  app.post<{ Body: IdentityBodies['resend'] }>(
    `${VERIFICATION}/auth/resend`,
    { schema: { body: schemas.resend } },
    async ({ body }) => {
      await resendCode(ctx, body.stateToken)
      return {}
    },
  )
}
