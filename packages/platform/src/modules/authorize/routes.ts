import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { sendAnswer, sendPage } from './respond.js'
import { authorize } from './service.js'

/** `GET /_vitrine/authorize?session=<id>`: the hosted authorization endpoint of `auth` sessions. */
export function authorizeRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.get<{ Querystring: Record<string, unknown> }>(
    '/_vitrine/authorize',
    async (request, reply) => {
      const outcome = await authorize(ctx, request.query.session)
      return outcome.kind === 'page'
        ? sendPage(reply, 400, outcome.message)
        : sendAnswer(reply, outcome.target, outcome.params)
    },
  )
}
