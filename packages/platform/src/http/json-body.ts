import type { FastifyInstance } from 'fastify'
import { checkJson, utf8 } from './json-bounds.js'
import { PlatformError } from './platform-error.js'

/**
 * JSON bodies: Fastify's parser (which refuses `__proto__` and `constructor.prototype` keys), except
 * that an empty body is `{}`, as the provider reads it. A POST or PATCH without any body is also
 * `{}`, so every body-taking route validates an object. Bodies are checked, never rewritten: bytes
 * that are not UTF-8, nesting deeper than `MAX_JSON_DEPTH` and lone surrogates are 400s.
 */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(PlatformError.invalid('body', 'is not UTF-8 text', 'FORMAT'))
    }
    if (text.trim() === '') return done(null, {})
    // Fastify's parser answers synchronously; its result is checked here, outside its `try`.
    let parsed: { error: Error | null; value?: unknown } = { error: null }
    parse(request, text, (error, value) => (parsed = { error, value }))
    if (parsed.error) return done(parsed.error)
    try {
      checkJson(parsed.value)
    } catch (invalid) {
      return done(invalid as PlatformError)
    }
    done(null, parsed.value)
  })
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method))
      request.body = {}
    done()
  })
}
