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

/**
 * Adds a `Set-Cookie` for `name`: HttpOnly, SameSite=Lax, on {@link COOKIE_PATH}, Secure when the
 * request came over https. `maxAgeSeconds` 0 deletes the cookie.
 */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ]
  const previous = reply.getHeader('set-cookie')
  const list = Array.isArray(previous) ? previous : previous ? [String(previous)] : []
  reply.header('set-cookie', [...list, attributes.join('; ')])
}
