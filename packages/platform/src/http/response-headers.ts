import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Sets the headers every response carries: `X-Wix-Request-Id` (Fastify's request id; the client
 * reports it in its errors) and security defaults for a JSON API. A route that serves a page
 * overrides them with `reply.header(...)` (e.g. a hosted login page that the storefront frames
 * needs its own `Content-Security-Policy` with `frame-ancestors`, and no `X-Frame-Options`).
 */
export function setResponseHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({
    'x-wix-request-id': request.id,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  })
}

/** {@link setResponseHeaders} first thing for every request, errors and 404s included. */
export function installResponseHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setResponseHeaders(request, reply)
    done()
  })
}
