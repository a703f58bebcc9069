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

/**
 * The one place that writes errors: every thrown error (a {@link PlatformError}, a schema
 * validation error, a database error the input caused, Fastify's own 4xx) becomes the provider's
 * body `{message, details}`; anything else is a 500 whose cause is logged, not sent. Unknown
 * routes are 404s in the same format. The `X-Wix-Request-Id` header is set by a hook before.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | PlatformError>((error, request, reply) => {
    const platformError = asPlatformError(error)
    if (platformError.status >= 500) request.log.error({ err: error }, 'request failed')
    return reply.status(platformError.status).send(platformError.toBody())
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        PlatformError.notFound(`No route ${request.method} ${request.url.split('?')[0]}`).toBody(),
      ),
  )
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
