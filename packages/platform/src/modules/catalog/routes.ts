import type { FastifyRequest } from 'fastify'
import { guard, requireElevated } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { queryRoute } from '../../http/query-route.js'
import { empty, object, type SchemaApp } from '../../http/schema.js'
import { eventIdentity } from '../events/index.js'
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
import { fillProductDocuments } from './product-documents.js'
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
import type { Writer } from './writes.js'

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

/** The type of an answer given as JSON text (stored documents), as Fastify types its JSON. */
const JSON_TEXT = 'application/json; charset=utf-8'

/**
 * The catalog reader (wire-contract §3): products, variants and collections, for any identity
 * (401 without one). Hidden products and collections exist only for elevated callers.
 */
function readerRoutes(app: SchemaApp, ctx: PlatformContext): void {
  const onRequest = guard.identity
  const READER = '/stores-reader/v1'

  app.get(
    `${READER}/products/:id`,
    { onRequest, schema: { params: idParams, querystring: getProductQuery } },
    (request, reply) => {
      const who = reader(request)
      const merchant = request.query.includeMerchantSpecificData
      reply.type(JSON_TEXT)
      return getProduct(ctx, request.params.id, who, viewOptions(ctx, who, merchant))
    },
  )

  queryRoute(app, {
    url: `${READER}/products/query-platformized`,
    onRequest,
    schema: queryPayload,
    handler: (payload, request, reply) => {
      const who = reader(request)
      const options = viewOptions(ctx, who, payload.includeMerchantSpecificData)
      reply.type(JSON_TEXT)
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

  queryRoute(app, {
    url: '/v2/collections/query',
    onRequest,
    schema: queryPayload,
    handler: (payload, request) => queryCollections(ctx, offsetQuery(payload), reader(request)),
  })
}

/** The `id` of a path's parameters or of a body, when it has one. */
const idOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'id' in value ? value.id : undefined

/** A body's copy of the path id (`{id}`, `{product: {id}}`) must be the path's. */
function samePathId(path: unknown, field: string, value: unknown): void {
  if (value !== undefined && value !== path)
    throw PlatformError.invalid(field, 'must be the id of the path', 'VALIDATION')
}

const idBody = object({ id: key })

/**
 * The catalog writer (wire-contract §4), for the admin key or a site user or app identity: the
 * caller is checked before the body (401, then 403, then 400), and a body's `id` must be the
 * path's. Void calls and DELETEs answer `{}`.
 */
function writerRoutes(app: SchemaApp, ctx: PlatformContext): void {
  /** The write of request `r`, by its caller. */
  const writer = (r: FastifyRequest): Writer => ({
    ...ctx,
    identity: eventIdentity(requireElevated(r)),
  })
  app.addHook('onRequest', guard.elevated)
  app.addHook('preHandler', async (request) =>
    samePathId(idOf(request.params), 'id', idOf(request.body)),
  )
  const params = idParams
  const PRODUCT = '/stores/v1/products/:id'
  const COLLECTION = '/stores/v1/collections/:id'
  const BULK = '/stores/v1/bulk/products'

  app.post('/stores/v1/products', { schema: { body: body.createProductBody } }, (r) =>
    createProduct(writer(r), r.body.product),
  )
  app.patch(PRODUCT, { schema: { params, body: body.updateProductBody } }, (r) => {
    samePathId(r.params.id, 'product.id', r.body.product.id)
    return updateProduct(writer(r), r.params.id, r.body.product)
  })
  app.delete(PRODUCT, { schema: { params } }, (r) =>
    deleteProduct(writer(r), r.params.id).then(empty),
  )
  app.patch(`${PRODUCT}/variants`, { schema: { params, body: body.updateVariantsBody } }, (r) =>
    updateVariants(writer(r), r.params.id, r.body.variants),
  )
  app.post(`${PRODUCT}/variants/resetToDefault`, { schema: { params, body: idBody } }, (r) =>
    resetVariants(writer(r), r.params.id).then(empty),
  )
  app.post(`${COLLECTION}/productIds`, { schema: { params, body: body.productIdsBody } }, (r) =>
    changeMembership(writer(r), r.params.id, r.body.productIds, true).then(empty),
  )
  app.post(
    `${COLLECTION}/productIds/delete`,
    { schema: { params, body: body.productIdsBody } },
    (r) => changeMembership(writer(r), r.params.id, r.body.productIds, false).then(empty),
  )
  app.post(`${PRODUCT}/media`, { schema: { params, body: body.addMediaBody } }, (r) =>
    addProductMedia(writer(r), r.params.id, r.body.media).then(empty),
  )
  app.post(`${PRODUCT}/media/delete`, { schema: { params, body: body.removeMediaBody } }, (r) =>
    removeProductMedia(writer(r), r.params.id, r.body.mediaIds).then(empty),
  )
  app.patch(`${PRODUCT}/choices/media`, { schema: { params, body: body.choicesMediaBody } }, (r) =>
    addChoicesMedia(writer(r), r.params.id, r.body.media).then(empty),
  )
  app.post(
    `${PRODUCT}/choices/media/delete`,
    { schema: { params, body: body.choicesMediaBody } },
    (r) => removeChoicesMedia(writer(r), r.params.id, r.body.media).then(empty),
  )
  app.delete(`${PRODUCT}/options`, { schema: { params } }, (r) =>
    deleteProductOptions(writer(r), r.params.id).then(empty),
  )
  for (const column of ['brand', 'ribbon'] as const)
    app.post(`${PRODUCT}/remove-${column}`, { schema: { params, body: idBody } }, (r) =>
      removeProductField(writer(r), r.params.id, column).then(empty),
    )
  app.post('/stores/v1/collections', { schema: { body: body.createCollectionBody } }, (r) =>
    createCollection(writer(r), r.body.collection),
  )
  app.patch(COLLECTION, { schema: { params, body: body.updateCollectionBody } }, (r) => {
    samePathId(r.params.id, 'collection.id', r.body.collection.id)
    return updateCollection(writer(r), r.params.id, r.body.collection)
  })
  app.delete(COLLECTION, { schema: { params } }, (r) =>
    deleteCollection(writer(r), r.params.id).then(empty),
  )
  app.post(`${BULK}/update`, { schema: { body: body.bulkUpdateBody } }, (r) =>
    bulkUpdate(writer(r), r.body.ids, r.body.set),
  )
  app.post(`${BULK}/adjust-properties`, { schema: { body: body.bulkAdjustBody } }, (r) =>
    bulkAdjust(writer(r), r.body.ids, r.body.adjust),
  )
}

/**
 * Every route of the Stores v1 catalog: the reader (§3) and the writer (§4); and, when the platform
 * starts, the stored documents of products that have none.
 */
export function catalogRoutes(app: SchemaApp, ctx: PlatformContext): void {
  // Products of a database from before stored documents get theirs before the first request.
  app.addHook('onReady', () => fillProductDocuments(ctx.db))
  readerRoutes(app, ctx)
  // A scope of their own, so that the writer's hooks stay off the reader's routes.
  void app.register(async (writer) => writerRoutes(writer, ctx))
}
