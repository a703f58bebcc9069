import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies: Fastify's parser (which refuses `__proto__` and `constructor.prototype` keys), except
 * that an empty body is `{}`, as the provider reads it. A POST or PATCH without any body is also
 * `{}`, so every body-taking route validates an object.
 */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, {})
    else parse(request, body as string, done)
  })
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method))
      request.body = {}
    done()
  })
}
