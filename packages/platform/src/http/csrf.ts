import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { newSecret } from '../auth/secrets.js'
import { setCookie } from './cookies.js'

/** The cookie holding the browser's CSRF secret. */
export const CSRF_COOKIE = 'vitrine_csrf'

const formToken = (secret: string, formId: string) =>
  createHmac('sha256', secret).update(formId).digest('base64url')

/**
 * The CSRF token of form `formId` (the redirect session) for this browser: an HMAC of the
 * browser's secret, kept in an HttpOnly cookie (set here when absent or malformed).
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, formId: string): string {
  let secret = request.cookies[CSRF_COOKIE]
  if (!secret || secret.length < 32 || secret.length > 128) {
    secret = newSecret()
    setCookie(request, reply, CSRF_COOKIE, secret, 2 * 3600)
  }
  return formToken(secret, formId)
}

/**
 * Whether `submitted` is the CSRF token of form `formId` for the cookie the request carries
 * (double submit, compared in constant time). No cookie or no token is never valid.
 */
export function csrfValid(request: FastifyRequest, formId: string, submitted: unknown): boolean {
  const secret = request.cookies[CSRF_COOKIE]
  if (!secret || typeof submitted !== 'string' || !submitted) return false
  const expected = Buffer.from(formToken(secret, formId))
  const given = Buffer.from(submitted)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
