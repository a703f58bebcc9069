import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import {
  availabilityCodecs,
  collectionCodecs,
  productCodecs,
  storeVariantCodecs,
  variantCodecs,
} from './codecs.js'
import { queryFunction, type QueryFunction } from '../query/query-builder.js'
import type {
  CollectionResponse,
  Product,
  ProductOptionsAvailability,
  ProductResponse,
  QueryProductVariantsOptions,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  StoreVariantResponse,
} from './types.js'
import type { Query } from '../query/types.js'

const READER = '/stores-reader/v1/'
const PRODUCT = READER + 'products/{id}'

const endpoints = {
  get: { method: 'GET', path: PRODUCT, response: productCodecs('product.') },
  query: {
    method: 'GET',
    path: READER + 'products/query-platformized',
    encodedQuery: true,
    response: productCodecs('products.'),
  },
  availability: {
    method: 'POST',
    path: PRODUCT + '/productOptionsAvailability',
    response: availabilityCodecs,
  },
  variants: { method: 'POST', path: PRODUCT + '/variants/query', response: variantCodecs },
  storeVariants: {
    method: 'POST',
    path: READER + 'variants/query',
    response: storeVariantCodecs('variants.'),
  },
  storeVariant: {
    method: 'GET',
    path: READER + 'variants/{id}',
    response: storeVariantCodecs('variant.'),
  },
  collectionBySlug: {
    method: 'GET',
    path: READER + 'collections/slug/{slug}',
    response: collectionCodecs('collection.'),
  },
} satisfies Record<string, Endpoint>

/**
 * Reading the Stores v1 catalog: products, their variants, store variants (products package).
 * Pass it to `createClient`'s `modules`.
 *
 * @example
 * const client = createClient({ modules: { products }, auth: OAuthStrategy({ clientId }) })
 * const { product } = await client.products.getProduct(productId)
 * const page = await client.products.queryProducts().eq('visible', true).limit(12).find()
 */
export const products = {
  /** A product by id. Calls `GET /stores-reader/v1/products/{id}`. */
  getProduct:
    (http: Http) =>
    (
      id: string,
      params: { includeMerchantSpecificData?: boolean } = {},
      options?: CallOptions,
    ): Promise<ProductResponse> =>
      http.call(endpoints.get, { id, ...params }, options),

  /**
   * A query of products. Calls `GET /stores-reader/v1/products/query-platformized?.r=…` (a POST
   * to the same path when the query is too long for a URL). No argument: a builder, sent by
   * `find()`; a query object (`{ filter, sort, paging }`): sent at once, resolves with the first page.
   */
  queryProducts: (http: Http): QueryFunction<Product, 'products'> =>
    queryFunction(http, { endpoint: endpoints.query, items: 'products' }),

  /**
   * The variant that `options` (option name → choice) select, and what remains available.
   * Calls `POST /stores-reader/v1/products/{id}/productOptionsAvailability`.
   */
  getProductOptionsAvailability:
    (http: Http) =>
    (
      id: string,
      options: Record<string, string>,
      callOptions?: CallOptions,
    ): Promise<ProductOptionsAvailability> =>
      http.call(endpoints.availability, { id, options }, callOptions),

  /**
   * A product's variants, by choices or ids.
   * Calls `POST /stores-reader/v1/products/{id}/variants/query`.
   */
  queryProductVariants:
    (http: Http) =>
    (
      id: string,
      params: QueryProductVariantsOptions = {},
      options?: CallOptions,
    ): Promise<QueryProductVariantsResponse> =>
      http.call(endpoints.variants, { id, ...params }, options),

  /** Store variants matching `query`. Calls `POST /stores-reader/v1/variants/query`. */
  queryStoreVariants:
    (http: Http) =>
    (query: Query, options?: CallOptions): Promise<QueryStoreVariantsResponse> =>
      http.call(endpoints.storeVariants, { query }, options),

  /** A store variant by id. Calls `GET /stores-reader/v1/variants/{id}`. */
  getStoreVariant:
    (http: Http) =>
    (id: string, options?: CallOptions): Promise<StoreVariantResponse> =>
      http.call(endpoints.storeVariant, { id }, options),

  /** A collection by slug (v1). Calls `GET /stores-reader/v1/collections/slug/{slug}`. */
  getCollectionBySlug:
    (http: Http) =>
    (slug: string, options?: CallOptions): Promise<CollectionResponse> =>
      http.call(endpoints.collectionBySlug, { slug }, options),
}
