import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendPage } from '../../http/page.js'
import type { AuthFlow } from '../authorize/service.js'
import { csrfToken } from './csrf.js'
import { loginPage, type LoginView } from './templates.js'

/** What a login page shows, besides what the flow gives (form action, CSRF token, app). */
export type LoginPageState = Omit<LoginView, 'action' | 'csrf' | 'appName'>

/**
 * Sends the hosted login page of `flow` in `state`, with a fresh CSRF token bound to this
 * browser's cookie and the flow's session; its forms' answers may redirect to the flow's target.
 */
export function sendLoginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: AuthFlow,
  state: LoginPageState,
  status = 200,
): FastifyReply {
  const csrf = csrfToken(request, reply, flow.sessionId)
  const action = `/_vitrine/authorize?session=${encodeURIComponent(flow.sessionId)}`
  const page = loginPage({ ...state, action, csrf, appName: flow.appName })
  return sendPage(reply, status, page, flow.target.origin)
}
