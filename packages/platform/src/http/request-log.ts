import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Fastify's request logging, as one line per request (method, path without query string, status,
 * milliseconds) instead of two. Headers are never logged, so tokens and keys never reach the log.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) request.log.error({ ...line, err: error }, 'request')
    else request.log.info(line, 'request')
  }

  // Errors are rendered (and 5xx logged) by our error handler; 404s are in the request line.
  override routeNotFound(): void {}
}
