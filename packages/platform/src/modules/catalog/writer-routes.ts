import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CallerIdentity } from '../../auth/caller.js'
import { guard, requireElevated } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { bulkAdjust, bulkUpdate } from './bulk-writer.js'
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
import {
  createProduct,
  deleteProduct,
  deleteProductOptions,
  removeProductField,
  updateProduct,
} from './product-writer.js'
import { idParams, key } from './schema.js'
import { resetVariants, updateVariants } from './variant-writer.js'
import * as body from './writer-schema.js'

type Request<B> = FastifyRequest<{ Params: { id: string }; Body: B }>
type Method = 'POST' | 'PATCH' | 'DELETE'

const idBody = { type: 'object', properties: { id: key } } as const

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
export function writerRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  /** A writer route answering what `handler` resolves with. */
  const route = <B>(
    method: Method,
    url: string,
    schema: object | undefined,
    handler: (request: Request<B>, caller: CallerIdentity) => Promise<unknown>,
  ) =>
    app.route<{ Params: { id: string }; Body: B }>({
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
  const action = <B>(
    method: Method,
    url: string,
    schema: object | undefined,
    work: (request: Request<B>, caller: CallerIdentity) => Promise<void>,
  ) =>
    route<B>(method, url, schema, async (request, caller) => {
      await work(request, caller)
      return {}
    })
  const PRODUCT = '/stores/v1/products/:id'
  const COLLECTION = '/stores/v1/collections/:id'
  const BULK = '/stores/v1/bulk/products'

  route<{ product: body.ProductInput }>(
    'POST',
    '/stores/v1/products',
    body.createProductBody,
    (r, c) => createProduct(ctx, c, r.body.product),
  )
  route<{ product: body.ProductInput & { id?: string } }>(
    'PATCH',
    PRODUCT,
    body.updateProductBody,
    (r, c) => {
      samePathId(r, 'product.id', r.body.product.id)
      return updateProduct(ctx, c, r.params.id, r.body.product)
    },
  )
  action('DELETE', PRODUCT, undefined, (r, c) => deleteProduct(ctx, c, r.params.id))
  route<{ variants: body.VariantUpdate[] }>(
    'PATCH',
    `${PRODUCT}/variants`,
    body.updateVariantsBody,
    (r, c) => updateVariants(ctx, c, r.params.id, r.body.variants),
  )
  action('POST', `${PRODUCT}/variants/resetToDefault`, idBody, (r, c) =>
    resetVariants(ctx, c, r.params.id),
  )
  action<{ productIds: string[] }>(
    'POST',
    `${COLLECTION}/productIds`,
    body.productIdsBody,
    (r, c) => changeMembership(ctx, c, r.params.id, r.body.productIds, true),
  )
  action<{ productIds: string[] }>(
    'POST',
    `${COLLECTION}/productIds/delete`,
    body.productIdsBody,
    (r, c) => changeMembership(ctx, c, r.params.id, r.body.productIds, false),
  )
  action<{ media: body.MediaInput[] }>('POST', `${PRODUCT}/media`, body.addMediaBody, (r, c) =>
    addProductMedia(ctx, c, r.params.id, r.body.media),
  )
  action<{ mediaIds: string[] }>('POST', `${PRODUCT}/media/delete`, body.removeMediaBody, (r, c) =>
    removeProductMedia(ctx, c, r.params.id, r.body.mediaIds),
  )
  action<{ media: body.ChoiceMediaInput[] }>(
    'PATCH',
    `${PRODUCT}/choices/media`,
    body.choicesMediaBody,
    (r, c) => addChoicesMedia(ctx, c, r.params.id, r.body.media),
  )
  action<{ media: body.ChoiceMediaInput[] }>(
    'POST',
    `${PRODUCT}/choices/media/delete`,
    body.choicesMediaBody,
    (r, c) => removeChoicesMedia(ctx, c, r.params.id, r.body.media),
  )
  action('DELETE', `${PRODUCT}/options`, undefined, (r, c) =>
    deleteProductOptions(ctx, c, r.params.id),
  )
  for (const column of ['brand', 'ribbon'] as const)
    action('POST', `${PRODUCT}/remove-${column}`, idBody, (r, c) =>
      removeProductField(ctx, c, r.params.id, column),
    )
  route<{ collection: body.CollectionInput }>(
    'POST',
    '/stores/v1/collections',
    body.createCollectionBody,
    (r, c) => createCollection(ctx, c, r.body.collection),
  )
  route<{ collection: body.CollectionInput & { id?: string } }>(
    'PATCH',
    COLLECTION,
    body.updateCollectionBody,
    (r, c) => {
      samePathId(r, 'collection.id', r.body.collection.id)
      return updateCollection(ctx, c, r.params.id, r.body.collection)
    },
  )
  action('DELETE', COLLECTION, undefined, (r, c) => deleteCollection(ctx, c, r.params.id))
  route<body.BulkUpdateBody>('POST', `${BULK}/update`, body.bulkUpdateBody, (r, c) =>
    bulkUpdate(ctx, c, r.body.ids, r.body.set),
  )
  route<body.BulkAdjustBody>('POST', `${BULK}/adjust-properties`, body.bulkAdjustBody, (r, c) =>
    bulkAdjust(ctx, c, r.body.ids, r.body.adjust),
  )
}
