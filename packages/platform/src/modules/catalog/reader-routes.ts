import type { FastifyInstance } from 'fastify'
import { guard } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { queryRoute } from '../../http/query-route.js'
import { reader, viewOptions } from './access.js'
import { getCollection, queryCollections } from './collection-reader.js'
import { getProduct, queryProducts } from './product-reader.js'
import {
  availabilityBody,
  getProductQuery,
  idParams,
  productVariantsBody,
  queryPayload,
  slugParams,
  type ProductVariantsBody,
  type QueryPayload,
} from './schema.js'
import { getStoreVariant, queryStoreVariants } from './store-variant-reader.js'
import { productOptionsAvailability, queryProductVariants } from './variant-reader.js'

type Id = { id: string }
type Slug = { slug: string }

/** The query of a payload; cursor paging is refused (only offset paging is served). */
const offsetQuery = (payload: QueryPayload) => {
  if (payload.query?.cursorPaging)
    throw PlatformError.invalid(
      'query.cursorPaging',
      'is not supported: page with paging {limit, offset}',
      'FIELD_NOT_ALLOWED',
    )
  return payload.query
}

/**
 * The catalog reader (wire-contract §3): products, variants and collections, for any identity
 * (401 without one). Hidden products and collections exist only for elevated callers.
 */
export function readerRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const onRequest = guard.identity
  const READER = '/stores-reader/v1'

  app.get<{ Params: Id; Querystring: { includeMerchantSpecificData?: boolean } }>(
    `${READER}/products/:id`,
    { onRequest, schema: { params: idParams, querystring: getProductQuery } },
    (request) => {
      const who = reader(request)
      const merchant = request.query.includeMerchantSpecificData
      return getProduct(ctx, request.params.id, who, viewOptions(ctx, who, merchant))
    },
  )

  queryRoute<QueryPayload>(app, {
    url: `${READER}/products/query-platformized`,
    onRequest,
    schema: queryPayload,
    handler: (payload, request) => {
      const who = reader(request)
      const options = viewOptions(ctx, who, payload.includeMerchantSpecificData)
      return queryProducts(ctx, offsetQuery(payload), who, options)
    },
  })

  app.post<{ Params: Id; Body: { options?: Record<string, string> } }>(
    `${READER}/products/:id/productOptionsAvailability`,
    { onRequest, schema: { params: idParams, body: availabilityBody } },
    (request) =>
      productOptionsAvailability(
        ctx,
        request.params.id,
        request.body.options ?? {},
        reader(request),
      ),
  )

  app.post<{ Params: Id; Body: ProductVariantsBody }>(
    `${READER}/products/:id/variants/query`,
    { onRequest, schema: { params: idParams, body: productVariantsBody } },
    (request) => queryProductVariants(ctx, request.params.id, request.body, reader(request)),
  )

  app.post<{ Body: QueryPayload }>(
    `${READER}/variants/query`,
    { onRequest, schema: { body: queryPayload } },
    (request) => {
      const who = reader(request)
      const merchant = who.elevated && !!request.body.includeMerchantSpecificData
      return queryStoreVariants(ctx, offsetQuery(request.body), who, merchant)
    },
  )

  app.get<{ Params: Id }>(
    `${READER}/variants/:id`,
    { onRequest, schema: { params: idParams } },
    (request) => getStoreVariant(ctx, request.params.id, reader(request)),
  )

  for (const url of [`${READER}/collections/slug/:slug`, '/v2/collections/slug/:slug'])
    app.get<{ Params: Slug }>(url, { onRequest, schema: { params: slugParams } }, (request) =>
      getCollection(ctx, 'slug', request.params.slug, reader(request)),
    )

  app.get<{ Params: Id }>(
    '/v2/collections/:id',
    { onRequest, schema: { params: idParams } },
    (request) => getCollection(ctx, 'id', request.params.id, reader(request)),
  )

  queryRoute<QueryPayload>(app, {
    url: '/v2/collections/query',
    onRequest,
    schema: queryPayload,
    handler: (payload, request) => queryCollections(ctx, offsetQuery(payload), reader(request)),
  })
}
