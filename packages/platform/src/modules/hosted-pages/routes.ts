import type { PlatformContext } from '../../context.js'
import { csrfValid } from '../../http/csrf.js'
import { formFields, installFormBody } from '../../http/form-body.js'
import { sendFormExpired, sendMessagePage } from '../../http/page.js'
import type { SchemaApp } from '../../http/schema.js'
import {
  clearSessionCookie,
  openAuthFlow,
  sendAnswer,
  sendCannotContinue,
  sessionCookie,
  sessionPage,
} from '../oauth/index.js'
import { FORM_FIELDS, runForm } from './login-actions.js'
import { sendLoginPage } from './login-page.js'
import { hostedLogout } from './logout.js'
import { recoveryPageRoutes } from './recovery-page.js'

/**
 * The hosted pages' routes: `POST /_vitrine/authorize?session=` (the login page's forms,
 * CSRF-checked), `GET /_vitrine/logout?session=` and the recovery page `/_vitrine/recovery`. The
 * oauth module's `GET /_vitrine/authorize` shows the login page first (`sendLoginPage`).
 */
export function hostedPagesRoutes(app: SchemaApp, ctx: PlatformContext): void {
  installFormBody(app)

  app.post('/_vitrine/authorize', sessionPage, async (request, reply) => {
    const session = request.validationError ? undefined : request.query.session
    const opened = await openAuthFlow(ctx, session)
    if (opened.kind === 'page') return sendCannotContinue(reply, 400, opened.message)
    if (opened.kind === 'answer') return sendAnswer(request, reply, opened)
    const fields = formFields(request.body, [...FORM_FIELDS, 'csrf'])
    if (!csrfValid(request, opened.flow.sessionId, fields.csrf)) return sendFormExpired(reply)
    const result = await runForm(ctx, opened.flow, fields, request.ip)
    if (result.kind === 'page') {
      if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds))
      return sendLoginPage(request, reply, opened.flow, result.state, result.status)
    }
    return sendAnswer(request, reply, result.answer)
  })

  app.get('/_vitrine/logout', sessionPage, async (request, reply) => {
    const session = request.validationError ? undefined : request.query.session
    const outcome = await hostedLogout(ctx, session, sessionCookie(request))
    if (outcome.clearCookie) clearSessionCookie(request, reply)
    if (outcome.kind === 'redirect')
      return reply.header('cache-control', 'no-store').redirect(outcome.url, 302)
    return sendMessagePage(reply, outcome.status, outcome.title, outcome.message)
  })

  recoveryPageRoutes(app, ctx)
}
