import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { sendAnswer, sendPage } from '../authorize/respond.js'
import { openAuthFlow } from '../authorize/service.js'
import { csrfValid } from './csrf.js'
import { runForm, type FormFields } from './login-actions.js'
import { hostedLogout } from './logout.js'
import { clearSessionCookie, sessionCookie, setSessionCookie } from './platform-session.js'
import { sendLoginPage, sendMessagePage } from './respond.js'

const FIELDS = ['form', 'email', 'password', 'code', 'stateToken', 'csrf'] as const

/** The posted fields of a form body: the known ones, strings only. */
function fieldsOf(body: unknown): FormFields & { csrf?: string } {
  const fields: Record<string, string> = {}
  if (body && typeof body === 'object')
    for (const name of FIELDS) {
      const value = (body as Record<string, unknown>)[name]
      if (typeof value === 'string') fields[name] = value
    }
  return fields
}

/**
 * The hosted pages' routes: `POST /_vitrine/authorize?session=` (the login page's forms,
 * CSRF-checked) and `GET /_vitrine/logout?session=`. The login page itself is served by the
 * authorize module's `GET`.
 */
export function hostedPagesRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  app.post<{ Querystring: Record<string, unknown> }>(
    '/_vitrine/authorize',
    async (request, reply) => {
      const opened = await openAuthFlow(ctx, request.query.session)
      if (opened.kind === 'page') return sendPage(reply, 400, opened.message)
      if (opened.kind === 'answer') return sendAnswer(reply, opened.target, opened.params)
      if (opened.kind !== 'flow') return sendPage(reply, 400, 'This sign-in request is not valid.')
      const fields = fieldsOf(request.body)
      if (!csrfValid(request, opened.flow.sessionId, fields.csrf))
        return sendMessagePage(
          reply,
          403,
          'Form expired',
          'This form could not be verified. Go back, reload the page and try again.',
        )
      const result = await runForm(ctx, opened.flow, fields, request.ip)
      if (result.kind === 'page') {
        if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds))
        return sendLoginPage(request, reply, opened.flow, result.state, result.status)
      }
      setSessionCookie(request, reply, result.sessionCookie)
      if (result.answer.kind !== 'answer') return sendPage(reply, 400, 'Signing in failed.')
      return sendAnswer(reply, result.answer.target, result.answer.params)
    },
  )

  app.get<{ Querystring: Record<string, unknown> }>('/_vitrine/logout', async (request, reply) => {
    const outcome = await hostedLogout(ctx, request.query.session, sessionCookie(request))
    clearSessionCookie(request, reply)
    if (outcome.kind === 'redirect')
      return reply.header('cache-control', 'no-store').redirect(outcome.url, 302)
    return sendMessagePage(reply, outcome.status, outcome.title, outcome.message)
  })
}
