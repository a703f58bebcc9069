import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { html, raw } from '../../http/html.js'
import { sendMessagePage } from '../../http/page.js'
import { setSessionCookie } from '../hosted-pages/platform-session.js'
import type { AuthorizeAnswer } from './service.js'

/** `value` as a JavaScript literal that is safe inside an inline `<script>`. */
const scriptLiteral = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const sha256Base64 = (text: string) => createHash('sha256').update(text).digest('base64')

/**
 * The `web_message` page: one script that posts `params` to the parent window at `origin` only,
 * and its Content-Security-Policy (nothing but that script, by hash; framed only by `origin`).
 */
export function webMessagePage(params: Record<string, string>, origin: string) {
  const script = raw(
    `window.parent.postMessage(${scriptLiteral(params)}, ${scriptLiteral(origin)})`,
  )
  return {
    page: html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><script>${script}</script></body></html>`,
    csp: `default-src 'none'; script-src 'sha256-${sha256Base64(String(script))}'; frame-ancestors ${origin}; base-uri 'none'; form-action 'none'`,
  }
}

/** A plain hosted page saying `message` (nothing to run, nothing to frame). */
export const sendCannotContinue = (
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply => sendMessagePage(reply, status, 'Sign-in could not continue', message)

/**
 * Sends an authorization answer to its target: a 302 to the redirect URI with `params` in its
 * query or fragment, or (`web_message`) a page that posts them to the parent window at the
 * redirect URI's exact origin and may be framed by that origin only. An answer that signed the
 * member in sets the platform session cookie.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { target, params, sessionCookie }: AuthorizeAnswer,
): FastifyReply {
  reply.header('cache-control', 'no-store')
  if (sessionCookie) setSessionCookie(request, reply, sessionCookie)
  if (target.mode === 'web_message') {
    const { page, csp } = webMessagePage(params, target.origin)
    reply.removeHeader('x-frame-options')
    return reply
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(String(page))
  }
  const url = new URL(target.redirectUri)
  if (target.mode === 'query')
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  else url.hash = new URLSearchParams(params).toString()
  return reply.redirect(url.href, 302)
}
