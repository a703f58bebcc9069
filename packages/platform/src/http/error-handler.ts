import { randomUUID } from 'node:crypto'
import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromDatabaseError } from '../db/errors.js'
import { toFieldViolations } from './field-violations.js'
import { PlatformError } from './platform-error.js'
import { setResponseHeaders } from './response-headers.js'

const asPlatformError = (error: FastifyError | PlatformError): PlatformError => {
  if (error instanceof PlatformError) return error
  if (error.validation)
    return PlatformError.validation(toFieldViolations(error.validation, error.validationContext))
  const fromDatabase = fromDatabaseError(error)
  if (fromDatabase) return fromDatabase
  // Fastify's own 4xx (malformed JSON, unsupported media type, body too large, …).
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return new PlatformError(status, error.message)
  return new PlatformError(500, 'Internal error')
}

/** Drops the headers of `reply` that cannot be written (a control or non-Latin-1 character). */
function dropUnwritableHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders()))
    try {
      validateHeaderName(name)
      for (const item of [value].flat()) validateHeaderValue(name, item as string)
    } catch {
      reply.removeHeader(name)
    }
}

/**
 * The one place that writes errors: every thrown error (a {@link PlatformError}, a schema
 * validation error, a database error the input caused, Fastify's own 4xx) becomes the provider's
 * body `{message, details}`; anything else is a 500 whose cause is logged, not sent. Unknown
 * routes are 404s in the same format, and so are requests that come while the platform closes
 * (503; Fastify's own 503 is turned off for it: `return503OnClosing: false`). The
 * `X-Wix-Request-Id` header is set by a hook before; a header a route set that cannot be written
 * (the error it caused) is dropped, so the error itself is always written.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | PlatformError>((error, request, reply) => {
    const platformError = asPlatformError(error)
    if (platformError.status >= 500) request.log.error({ err: error }, 'request failed')
    dropUnwritableHeaders(reply)
    return reply.status(platformError.status).send(platformError.toBody())
  })
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done()
    reply.header('connection', 'close')
    done(new PlatformError(503, 'The platform is shutting down'))
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        PlatformError.notFound(`No route ${request.method} ${request.url.split('?')[0]}`).toBody(),
      ),
  )
}

/** The status and message of the parser's errors that are not a malformed request. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (malformed, headers too
 * large, too slow) never reaches a route; it gets the provider's body and a request id all the
 * same, and the connection is closed.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP',
  ]
  const body = JSON.stringify(new PlatformError(status, message).toBody())
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Wix-Request-Id: ${randomUUID()}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded fails before any hook runs; it gets
 * a 400 in the provider's format with the usual headers all the same.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  setResponseHeaders(request, reply)
  void reply.status(400).send(new PlatformError(400, error.message).toBody())
}
