import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'

/** What {@link queryRoute} takes. */
export interface QueryRouteOptions<T> extends Omit<RouteShorthandOptions, 'schema'> {
  /** The public path, e.g. `/stores-reader/v1/products/query-platformized`. */
  url: string
  /** The JSON schema of the payload: the GET's decoded query and the POST's body alike. */
  schema: object
  /** Answers with the payload, whichever form it came in. */
  handler: (payload: T, request: FastifyRequest, reply: FastifyReply) => unknown
}

/**
 * Registers a "complex" query call in both of its wire forms: `GET` with `?.r=<base64url JSON>`
 * (or plain parameters), and the `POST` with the same JSON body that clients fall back to past
 * 4000 characters of query string. One schema validates both, one handler answers both.
 *
 * @example
 * queryRoute<{ query: ProductQuery }>(app, {
 *   url: '/stores-reader/v1/products/query-platformized',
 *   schema: productQuerySchema,
 *   handler: ({ query }, request) => queryProducts(ctx, query),
 * })
 */
export function queryRoute<T>(app: FastifyInstance, options: QueryRouteOptions<T>): void {
  const { url, schema, handler, ...rest } = options
  app.get(url, { ...rest, schema: { querystring: schema } }, (request, reply) =>
    handler(request.query as T, request, reply),
  )
  app.post(url, { ...rest, schema: { body: schema } }, (request, reply) =>
    handler(request.body as T, request, reply),
  )
}
