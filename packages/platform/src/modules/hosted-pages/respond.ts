import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthFlow } from '../authorize/service.js'
import { csrfToken } from './csrf.js'
import { loginPage, messagePage, type LoginView, type MessageOptions } from './templates.js'

/**
 * The headers of a hosted page: nothing cached, never framed, only the page's own nonced style,
 * and forms that post to this origin — or (`formTarget`) follow a redirect to that origin.
 * `more`: further CSP directives, each ending in `; ` (e.g. `img-src https:; `).
 */
export function pageHeaders(
  reply: FastifyReply,
  nonce?: string,
  formTarget?: string,
  more = '',
): FastifyReply {
  const style = nonce ? `style-src 'nonce-${nonce}'; ${more}` : more
  const forms = `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`
  return reply
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; ${style}${forms}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .type('text/html; charset=utf-8')
}

/** A fresh nonce for the page's one `<style>`. */
export const newNonce = () => randomBytes(16).toString('base64')

/** Sends a plain hosted page (`title`, `message`, an optional link) with status `status`. */
export function sendMessagePage(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  link?: string,
  options: MessageOptions = {},
): FastifyReply {
  const nonce = newNonce()
  return pageHeaders(reply, nonce)
    .code(status)
    .send(messagePage({ ...options, nonce }, title, message, link))
}

/** What a login page shows, besides what the flow gives (form action, CSRF token, nonce, app). */
export type LoginPageState = Omit<LoginView, 'action' | 'csrf' | 'nonce' | 'appName'>

/**
 * Sends the hosted login page of `flow` in `state`, with a fresh CSRF token bound to this
 * browser's cookie and the flow's session.
 */
export function sendLoginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: AuthFlow,
  state: LoginPageState,
  status = 200,
): FastifyReply {
  const nonce = newNonce()
  const csrf = csrfToken(request, reply, flow.sessionId)
  const action = `/_vitrine/authorize?session=${encodeURIComponent(flow.sessionId)}`
  return pageHeaders(reply, nonce, flow.target.origin)
    .code(status)
    .send(loginPage({ ...state, action, csrf, nonce, appName: flow.appName }))
}
