import type {
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify'
import type { JSONSchema, SchemaApp, SchemaTypes } from './schema.js'

/** What a request that passed schema `S` holds, as the type provider reads the schema. */
type Payload<S> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { querystring: S },
  SchemaTypes
>['query']

/** What {@link queryRoute} takes. */
export interface QueryRouteOptions<S extends JSONSchema> extends Omit<
  RouteShorthandOptions,
  'schema'
> {
  /** The public path, e.g. `/stores-reader/v1/products/query-platformized`. */
  url: string
  /** The JSON schema of the payload: the GET's decoded query and the POST's body alike. */
  schema: S
  /** Answers with the payload, whichever form it came in, typed as `schema` lets it through. */
  handler: (payload: Payload<S>, request: FastifyRequest, reply: FastifyReply) => unknown
}

/**
 * Registers a "complex" query call in both of its wire forms: `GET` with `?.r=<base64url JSON>`
 * (or plain parameters), and the `POST` with the same JSON body that clients fall back to past
 * 4000 characters of query string. One schema validates both, one handler answers both. The
 * query is decoded before validation (`decodeQuery`), so the schema's type is the payload's.
 *
 * @example
 * queryRoute(app, {
 *   url: '/stores-reader/v1/products/query-platformized',
 *   schema: productQuerySchema,
 *   handler: ({ query }, request) => queryProducts(ctx, query),
 * })
 */
export function queryRoute<const S extends JSONSchema>(
  app: SchemaApp,
  options: QueryRouteOptions<S>,
): void {
  const { url, schema, handler, ...rest } = options
  app.get(url, { ...rest, schema: { querystring: schema } }, (request, reply) =>
    handler(request.query, request, reply),
  )
  app.post(url, { ...rest, schema: { body: schema } }, (request, reply) =>
    handler(request.body, request, reply),
  )
}
