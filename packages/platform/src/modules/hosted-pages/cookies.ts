import type { FastifyReply, FastifyRequest } from 'fastify'

/** The hosted pages' cookies live under this path only. */
export const COOKIE_PATH = '/_vitrine'

/** The value of cookie `name` of `request`, if sent. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** Hosts that browsers treat as secure over plain http: they keep `Secure` cookies from them. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** Whether the browser sees the request's origin as secure: https, or a loopback host. */
export const secureOrigin = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || LOOPBACK_HOST.test(request.hostname)

/**
 * Adds a `Set-Cookie` for `name`: HttpOnly, on {@link COOKIE_PATH}, `maxAgeSeconds` 0 deletes it.
 * By default `SameSite=Lax` (sent on top-level navigations only), Secure in production mode or
 * when the request came over https. `crossSite` cookies are meant for the platform's pages framed
 * by another site (the silent sign-in frame): `SameSite=None; Secure` where the browser accepts
 * that (production mode, or see {@link secureOrigin}), else Lax — browsers refuse
 * `SameSite=None` without `Secure`.
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
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    crossSite ? 'SameSite=None' : 'SameSite=Lax',
    ...(production || crossSite || request.protocol === 'https' ? ['Secure'] : []),
  ]
  const previous = reply.getHeader('set-cookie')
  const list = Array.isArray(previous) ? previous : previous ? [String(previous)] : []
  reply.header('set-cookie', [...list, attributes.join('; ')])
}
