import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CallerIdentity } from '../../auth/caller.js'
import { guard, requireElevated } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { queryRoute } from '../../http/query-route.js'
import { object, type FromSchema, type JSONSchema, type SchemaTypes } from '../../http/schema.js'
import { reader, viewOptions } from './access.js'
import { bulkAdjust, bulkUpdate } from './bulk-writer.js'
import { getCollection, queryCollections } from './collection-reader.js'
import {
  changeMembership,
  createCollection,
  deleteCollection,
  updateCollection,
} from './collection-writer.js'
import {
  addChoicesMedia,
  addProductMedia,
  removeChoicesMedia,
  removeProductMedia,
} from './media-writer.js'
import { getProduct, queryProducts } from './product-reader.js'
import {
  createProduct,
  deleteProduct,
  deleteProductOptions,
  removeProductField,
  updateProduct,
} from './product-writer.js'
import {
  availabilityBody,
  getProductQuery,
  idParams,
  key,
  productVariantsBody,
  queryPayload,
  slugParams,
  type QueryPayload,
} from './schema.js'
import { getStoreVariant, queryStoreVariants } from './store-variant-reader.js'
import { productOptionsAvailability, queryProductVariants } from './variant-reader.js'
import { resetVariants, updateVariants } from './variant-writer.js'
import * as body from './writer-schema.js'

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
function readerRoutes(scope: FastifyInstance, ctx: PlatformContext): void {
  const app = scope.withTypeProvider<SchemaTypes>()
  const onRequest = guard.identity
  const READER = '/stores-reader/v1'

  app.get(
    `${READER}/products/:id`,
    { onRequest, schema: { params: idParams, querystring: getProductQuery } },
    (request) => {
      const who = reader(request)
      const merchant = request.query.includeMerchantSpecificData
      return getProduct(ctx, request.params.id, who, viewOptions(ctx, who, merchant))
    },
  )

  queryRoute<QueryPayload>(scope, {
    url: `${READER}/products/query-platformized`,
    onRequest,
    schema: queryPayload,
    handler: (payload, request) => {
      const who = reader(request)
      const options = viewOptions(ctx, who, payload.includeMerchantSpecificData)
      return queryProducts(ctx, offsetQuery(payload), who, options)
    },
  })

  app.post(
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

  app.post(
    `${READER}/products/:id/variants/query`,
    { onRequest, schema: { params: idParams, body: productVariantsBody } },
    (request) => queryProductVariants(ctx, request.params.id, request.body, reader(request)),
  )

  app.post(`${READER}/variants/query`, { onRequest, schema: { body: queryPayload } }, (request) => {
    const who = reader(request)
    const merchant = who.elevated && !!request.body.includeMerchantSpecificData
    return queryStoreVariants(ctx, offsetQuery(request.body), who, merchant)
  })

  app.get(`${READER}/variants/:id`, { onRequest, schema: { params: idParams } }, (request) =>
    getStoreVariant(ctx, request.params.id, reader(request)),
  )

  for (const url of [`${READER}/collections/slug/:slug`, '/v2/collections/slug/:slug'])
    app.get(url, { onRequest, schema: { params: slugParams } }, (request) =>
      getCollection(ctx, 'slug', request.params.slug, reader(request)),
    )

  app.get('/v2/collections/:id', { onRequest, schema: { params: idParams } }, (request) =>
    getCollection(ctx, 'id', request.params.id, reader(request)),
  )

  queryRoute<QueryPayload>(scope, {
    url: '/v2/collections/query',
    onRequest,
    schema: queryPayload,
    handler: (payload, request) => queryCollections(ctx, offsetQuery(payload), reader(request)),
  })
}

type Request<B> = FastifyRequest<{ Params: { id: string }; Body: B }>
type Method = 'POST' | 'PATCH' | 'DELETE'
/** What a request that passed `S` holds as its body. */
type Body<S> = S extends JSONSchema ? FromSchema<S> : undefined

const idBody = object({ id: key })

/** A body's copy of the path id (`{id}`, `{product: {id}}`) must be the path's. */
function samePathId(request: Request<unknown>, field: string, value: unknown): void {
  if (value !== undefined && value !== request.params.id)
    throw PlatformError.invalid(field, 'must be the id of the path', 'VALIDATION')
}

/**
 * The catalog writer (wire-contract §4), for the admin key or a site user or app identity: the
 * caller is checked before the body (401, then 403, then 400). Void calls and DELETEs answer
 * `{}`.
 */
function writerRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  /** A writer route answering what `handler` resolves with; its body is what `schema` lets in. */
  const route = <S extends JSONSchema | undefined>(
    method: Method,
    url: string,
    schema: S,
    handler: (request: Request<Body<S>>, caller: CallerIdentity) => Promise<unknown>,
  ) =>
    app.route<{ Params: { id: string }; Body: Body<S> }>({
      method,
      url,
      onRequest: guard.elevated,
      schema: {
        ...(url.includes(':id') ? { params: idParams } : {}),
        ...(schema ? { body: schema } : {}),
      },
      handler: (request) => {
        const body = request.body as { id?: unknown } | undefined
        if (body && typeof body === 'object') samePathId(request, 'id', body.id)
        return handler(request, requireElevated(request))
      },
    })
  /** A writer route answering `{}` once `work` is done. */
  const action = <S extends JSONSchema | undefined>(
    method: Method,
    url: string,
    schema: S,
    work: (request: Request<Body<S>>, caller: CallerIdentity) => Promise<void>,
  ) =>
    route<S>(method, url, schema, async (request, caller) => {
      await work(request, caller)
      return {}
    })
  const PRODUCT = '/stores/v1/products/:id'
  const COLLECTION = '/stores/v1/collections/:id'
  const BULK = '/stores/v1/bulk/products'

  route('POST', '/stores/v1/products', body.createProductBody, (r, c) =>
    createProduct(ctx, c, r.body.product),
  )
  route('PATCH', PRODUCT, body.updateProductBody, (r, c) => {
    samePathId(r, 'product.id', r.body.product.id)
    return updateProduct(ctx, c, r.params.id, r.body.product)
  })
  action('DELETE', PRODUCT, undefined, (r, c) => deleteProduct(ctx, c, r.params.id))
  route('PATCH', `${PRODUCT}/variants`, body.updateVariantsBody, (r, c) =>
    updateVariants(ctx, c, r.params.id, r.body.variants),
  )
  action('POST', `${PRODUCT}/variants/resetToDefault`, idBody, (r, c) =>
    resetVariants(ctx, c, r.params.id),
  )
  action('POST', `${COLLECTION}/productIds`, body.productIdsBody, (r, c) =>
    changeMembership(ctx, c, r.params.id, r.body.productIds, true),
  )
  action('POST', `${COLLECTION}/productIds/delete`, body.productIdsBody, (r, c) =>
    changeMembership(ctx, c, r.params.id, r.body.productIds, false),
  )
  action('POST', `${PRODUCT}/media`, body.addMediaBody, (r, c) =>
    addProductMedia(ctx, c, r.params.id, r.body.media),
  )
  action('POST', `${PRODUCT}/media/delete`, body.removeMediaBody, (r, c) =>
    removeProductMedia(ctx, c, r.params.id, r.body.mediaIds),
  )
  action('PATCH', `${PRODUCT}/choices/media`, body.choicesMediaBody, (r, c) =>
    addChoicesMedia(ctx, c, r.params.id, r.body.media),
  )
  action('POST', `${PRODUCT}/choices/media/delete`, body.choicesMediaBody, (r, c) =>
    removeChoicesMedia(ctx, c, r.params.id, r.body.media),
  )
  action('DELETE', `${PRODUCT}/options`, undefined, (r, c) =>
    deleteProductOptions(ctx, c, r.params.id),
  )
  for (const column of ['brand', 'ribbon'] as const)
    action('POST', `${PRODUCT}/remove-${column}`, idBody, (r, c) =>
      removeProductField(ctx, c, r.params.id, column),
    )
  route('POST', '/stores/v1/collections', body.createCollectionBody, (r, c) =>
    createCollection(ctx, c, r.body.collection),
  )
  route('PATCH', COLLECTION, body.updateCollectionBody, (r, c) => {
    samePathId(r, 'collection.id', r.body.collection.id)
    return updateCollection(ctx, c, r.params.id, r.body.collection)
  })
  action('DELETE', COLLECTION, undefined, (r, c) => deleteCollection(ctx, c, r.params.id))
  route('POST', `${BULK}/update`, body.bulkUpdateBody, (r, c) =>
    bulkUpdate(ctx, c, r.body.ids, r.body.set),
  )
  route('POST', `${BULK}/adjust-properties`, body.bulkAdjustBody, (r, c) =>
    bulkAdjust(ctx, c, r.body.ids, r.body.adjust),
  )
}

/** Every route of the Stores v1 catalog: the reader (§3) and the writer (§4). */
export function catalogRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  readerRoutes(app, ctx)
  writerRoutes(app, ctx)
}
