import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { sessionCookie } from '../hosted-pages/platform-session.js'
import { sendLoginPage } from '../hosted-pages/respond.js'
import { sendAnswer, sendCannotContinue } from './respond.js'
import { authorize } from './service.js'

/**
 * `GET /_vitrine/authorize?session=<id>`: the hosted authorization endpoint of `auth` sessions.
 * It answers the code (or error), or the hosted login page whose forms post back to the same
 * URL (`hosted-pages` module).
 */
export function authorizeRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.get<{ Querystring: Record<string, unknown> }>(
    '/_vitrine/authorize',
    async (request, reply) => {
      const outcome = await authorize(ctx, request.query.session, sessionCookie(request))
      if (outcome.kind === 'page') return sendCannotContinue(reply, 400, outcome.message)
      if (outcome.kind === 'login')
        return sendLoginPage(request, reply, outcome.flow, { step: 'signIn' })
      return sendAnswer(request, reply, outcome)
    },
  )
}
