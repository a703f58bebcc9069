import type { FastifyReply, FastifyRequest } from 'fastify'

/*
 * Cookies are parsed and written by `@fastify/cookie` (registered by `buildApp`): read them as
 * `request.cookies[name]`, set them with `setCookie` below, which applies the platform's policy.
 */

/** The hosted pages' cookies live under this path only. */
export const COOKIE_PATH = '/_vitrine'

/** Hosts that browsers treat as secure over plain http: they keep `Secure` cookies from them. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** Whether the browser sees the request's origin as secure: https, or a loopback host. */
export const secureOrigin = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || LOOPBACK_HOST.test(request.hostname)

/**
 * Sets cookie `name`: HttpOnly, on {@link COOKIE_PATH}, `maxAgeSeconds` 0 deletes it. By default
 * `SameSite=Lax` (sent on top-level navigations only), Secure in production mode or when the
 * request came over https. `crossSite` cookies are meant for the platform's pages framed by
 * another site (the silent sign-in frame): `SameSite=None; Secure` where the browser accepts that
 * (production mode, or see {@link secureOrigin}), else Lax — browsers refuse `SameSite=None`
 * without `Secure`.
 */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  options: { crossSite?: boolean } = {},
): void {
  const production = request.server.platform.config.mode === 'production'
  const crossSite = options.crossSite === true && (production || secureOrigin(request))
  reply.setCookie(name, value, {
    path: COOKIE_PATH,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: crossSite ? 'none' : 'lax',
    secure: production || crossSite || request.protocol === 'https',
  })
}
