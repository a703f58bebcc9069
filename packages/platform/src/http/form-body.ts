import type { FastifyInstance } from 'fastify'

/**
 * HTML form bodies (`application/x-www-form-urlencoded`, at most 16 KiB) as a plain object of
 * strings, for the scope `app` of a hosted page's routes (a repeated name keeps its last value).
 */
export function installFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
}
