import type { Endpoint, Method } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import { collectionCodecs, productCodecs, variantCodecs } from './codecs.js'
import { elevated } from '../client/elevated.js'
import type {
  BulkAdjust,
  BulkProductsResponse,
  BulkSet,
  Collection,
  CollectionResponse,
  MediaAssignmentToChoice,
  Product,
  ProductMediaInput,
  ProductResponse,
  ProductVariant,
  Variant,
} from './types.js'

const PRODUCTS = '/stores/v1/products'
const PRODUCT = PRODUCTS + '/{id}'
const COLLECTIONS = '/stores/v1/collections'
const COLLECTION = COLLECTIONS + '/{id}'
const BULK = '/stores/v1/bulk/products/'
const product = productCodecs('product.')
const collection = collectionCodecs('collection.')

const at = (method: Method, path: string): Endpoint => ({ method, path })

const endpoints = {
  createProduct: { method: 'POST', path: PRODUCTS, response: product },
  updateProduct: { method: 'PATCH', path: PRODUCTS + '/{product.id}', response: product },
  deleteProduct: at('DELETE', PRODUCT),
  updateVariants: { method: 'PATCH', path: PRODUCT + '/variants', response: variantCodecs },
  resetVariants: at('POST', PRODUCT + '/variants/resetToDefault'),
  addToCollection: at('POST', COLLECTION + '/productIds'),
  removeFromCollection: at('POST', COLLECTION + '/productIds/delete'),
  addMedia: at('POST', PRODUCT + '/media'),
  removeMedia: at('POST', PRODUCT + '/media/delete'),
  addChoiceMedia: at('PATCH', PRODUCT + '/choices/media'),
  removeChoiceMedia: at('POST', PRODUCT + '/choices/media/delete'),
  deleteOptions: at('DELETE', PRODUCT + '/options'),
  removeBrand: at('POST', PRODUCT + '/remove-brand'),
  removeRibbon: at('POST', PRODUCT + '/remove-ribbon'),
  createCollection: { method: 'POST', path: COLLECTIONS, response: collection },
  updateCollection: {
    method: 'PATCH',
    path: COLLECTIONS + '/{collection.id}',
    response: collection,
  },
  deleteCollection: at('DELETE', COLLECTION),
  bulkUpdate: at('POST', BULK + 'update'),
  bulkAdjust: at('POST', BULK + 'adjust-properties'),
} satisfies Record<string, Endpoint>

/** A call `(id, options?)` that sends `{id}` and resolves with nothing. */
const byId =
  (endpoint: Endpoint) =>
  (http: Http) =>
  async (id: string, options?: CallOptions): Promise<void> => {
    await http.call(endpoint, { id }, options)
  }

/** A call `(id, value, options?)` that sends `{id, [key]: value}` and resolves with nothing. */
const withList =
  <V>(endpoint: Endpoint, key: string) =>
  (http: Http) =>
  async (id: string, value: V[], options?: CallOptions): Promise<void> => {
    await http.call(endpoint, { id, [key]: value }, options)
  }

/**
 * Writing the Stores v1 catalog: products, variants, media and collections. It is an elevated
 * module: its calls need a client made with an elevated strategy (`ApiKeyStrategy`), and
 * otherwise reject with {@link ElevatedClientRequiredError} without sending anything.
 *
 * @example
 * const admin = createClient({ modules: { catalogWriter }, auth: ApiKeyStrategy({ apiKey }) })
 * const { product } = await admin.catalogWriter.createProduct({ name: 'Mug' })
 */
export const catalogWriter = elevated({
  /** Creates a product. Calls `POST /stores/v1/products`. */
  createProduct:
    (http: Http) =>
    (product: Partial<Product>, options?: CallOptions): Promise<ProductResponse> =>
      http.call(endpoints.createProduct, { product }, options),

  /** Updates the given fields of a product. Calls `PATCH /stores/v1/products/{product.id}`. */
  updateProduct:
    (http: Http) =>
    (id: string, product: Partial<Product>, options?: CallOptions): Promise<ProductResponse> =>
      http.call(endpoints.updateProduct, { product: { ...product, id } }, options),

  /** Deletes a product. Calls `DELETE /stores/v1/products/{id}`. */
  deleteProduct: byId(endpoints.deleteProduct),

  /**
   * Sets price, cost, weight, SKU or visibility of the variants selected by choices or ids.
   * Calls `PATCH /stores/v1/products/{id}/variants`.
   */
  updateProductVariants:
    (http: Http) =>
    (
      id: string,
      variants: Variant[],
      options?: CallOptions,
    ): Promise<{ variants: ProductVariant[] }> =>
      http.call(endpoints.updateVariants, { id, variants }, options),

  /**
   * Resets every variant to the product's defaults.
   * Calls `POST /stores/v1/products/{id}/variants/resetToDefault`.
   */
  resetAllProductVariantData: byId(endpoints.resetVariants),

  /** Adds products to a collection. Calls `POST /stores/v1/collections/{id}/productIds`. */
  addProductsToCollection: withList<string>(endpoints.addToCollection, 'productIds'),

  /**
   * Removes products from a collection.
   * Calls `POST /stores/v1/collections/{id}/productIds/delete`.
   */
  removeProductsFromCollection: withList<string>(endpoints.removeFromCollection, 'productIds'),

  /**
   * Adds media (by `mediaId` or `url`) to a product.
   * Calls `POST /stores/v1/products/{id}/media`.
   */
  addProductMedia: withList<ProductMediaInput>(endpoints.addMedia, 'media'),

  /** Removes media from a product. Calls `POST /stores/v1/products/{id}/media/delete`. */
  removeProductMedia: withList<string>(endpoints.removeMedia, 'mediaIds'),

  /** Assigns media to option choices. Calls `PATCH /stores/v1/products/{id}/choices/media`. */
  addProductMediaToChoices: withList<MediaAssignmentToChoice>(endpoints.addChoiceMedia, 'media'),

  /**
   * Removes media from option choices.
   * Calls `POST /stores/v1/products/{id}/choices/media/delete`.
   */
  removeProductMediaFromChoices: withList<MediaAssignmentToChoice>(
    endpoints.removeChoiceMedia,
    'media',
  ),

  /** Deletes all options of a product. Calls `DELETE /stores/v1/products/{id}/options`. */
  deleteProductOptions: byId(endpoints.deleteOptions),

  /** Removes a product's brand. Calls `POST /stores/v1/products/{id}/remove-brand`. */
  removeBrand: byId(endpoints.removeBrand),

  /** Removes a product's ribbon. Calls `POST /stores/v1/products/{id}/remove-ribbon`. */
  removeRibbon: byId(endpoints.removeRibbon),

  /** Creates a collection. Calls `POST /stores/v1/collections`. */
  createCollection:
    (http: Http) =>
    (collection: Partial<Collection>, options?: CallOptions): Promise<CollectionResponse> =>
      http.call(endpoints.createCollection, { collection }, options),

  /**
   * Updates the given fields of a collection.
   * Calls `PATCH /stores/v1/collections/{collection.id}`.
   */
  updateCollection:
    (http: Http) =>
    (
      id: string,
      collection: Partial<Collection>,
      options?: CallOptions,
    ): Promise<CollectionResponse> =>
      http.call(endpoints.updateCollection, { collection: { ...collection, id } }, options),

  /** Deletes a collection. Calls `DELETE /stores/v1/collections/{id}`. */
  deleteCollection: byId(endpoints.deleteCollection),

  /**
   * Sets one property (price, cost or weight) of many products.
   * Calls `POST /stores/v1/bulk/products/update`.
   */
  bulkUpdateProductsProperty:
    (http: Http) =>
    (ids: string[], set: BulkSet, options?: CallOptions): Promise<BulkProductsResponse> =>
      http.call(endpoints.bulkUpdate, { ids, set }, options),

  /**
   * Adjusts one property (price, cost or weight) of many products by an amount or percentage.
   * Calls `POST /stores/v1/bulk/products/adjust-properties`.
   */
  bulkAdjustProductProperty:
    (http: Http) =>
    (adjust: BulkAdjust, ids: string[], options?: CallOptions): Promise<BulkProductsResponse> =>
      http.call(endpoints.bulkAdjust, { adjust, ids }, options),
})
