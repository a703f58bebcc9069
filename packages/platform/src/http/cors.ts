import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PlatformError } from './platform-error.js'

const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
// Retry-After: a browser client waits as long as a 429 or 503 asks before trying again.
const EXPOSED = 'X-Wix-Request-Id, X-Wix-Consistent, Retry-After'

/**
 * CORS for the origins `isAllowed` accepts (the configured allow-list and the OAuth clients'
 * origins): their responses carry `Access-Control-Allow-Origin`, and their preflights are answered
 * (204, the requested headers allowed, cached 10 min). Other origins get no CORS header, so a
 * browser keeps their pages from reading responses; their preflights are 403s. Tokens travel in
 * the `Authorization` header, never in cookies, so no credentials mode is needed.
 */
export function installCors(
  app: FastifyInstance,
  isAllowed: (origin: string) => boolean | Promise<boolean>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer depends on the Origin (a cache must not give one origin's answer to another,
    // nor an answer without CORS headers to a page that needs them).
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (!origin) return done()
    // A preflight is answered here: then routing stops (no `done`).
    corsFor(request, reply, origin).then((answered) => answered || done(), done)
  })

  /** Sets the CORS headers for `origin`; answers a preflight (true) or lets routing go on. */
  async function corsFor(
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
  ): Promise<boolean> {
    const allowed = await isAllowed(origin)
    if (allowed) {
      reply.header('access-control-allow-origin', origin)
      reply.header('access-control-expose-headers', EXPOSED)
    }
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method']
    if (!preflight) return false
    if (!allowed) throw PlatformError.forbidden(`Origin ${origin} is not allowed`)
    reply.headers({
      // The allowed headers echo the request's: so does a cache's key.
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-methods': METHODS,
      'access-control-allow-headers':
        request.headers['access-control-request-headers'] ?? 'authorization, content-type',
      'access-control-max-age': '600',
    })
    void reply.status(204).send()
    return true
  }
}
