import type { FastifyReply, FastifyRequest } from 'fastify'
import { setCookie } from '../../http/cookies.js'
import { PLATFORM_SESSION_TTL_SECONDS } from '../identity/index.js'

/*
 * The cookie of the platform session: its value names one of identity's platform sessions (the
 * hosted sign-in's, which identity starts, finds and ends); here it is only read and written.
 */

/** The cookie of the platform session. */
export const SESSION_COOKIE = 'vitrine_session'

/** The platform session cookie's value of `request`, if any. */
export const sessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE]

/**
 * Sets the platform session cookie to `value`. It is a cross-site cookie (`SameSite=None;
 * Secure` on https and loopback hosts): the platform lives on its own site, and the storefront
 * frames its authorize page for a silent `prompt=none`, as the provider's own session cookie is
 * used. A browser that blocks third-party cookies still leaves it out of such a frame (the answer
 * is then `login_required`); the session token path of a direct login needs no cookie.
 */
export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, value: string) =>
  setCookie(request, reply, SESSION_COOKIE, value, PLATFORM_SESSION_TTL_SECONDS, {
    crossSite: true,
  })

/** Deletes the platform session cookie. */
export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  setCookie(request, reply, SESSION_COOKIE, '', 0, { crossSite: true })
