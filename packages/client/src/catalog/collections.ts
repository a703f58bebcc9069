import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import { collectionCodecs } from './codecs.js'
import { queryFunction, type QueryFunction } from '../query/query-builder.js'
import type { Collection, CollectionResponse } from './types.js'

// Collections v2 paths have no public mapping: the provider's client sends them as they are.
const V2 = '/v2/collections/'
const one = collectionCodecs('collection.')

const endpoints = {
  get: { method: 'GET', path: V2 + '{id}', response: one },
  bySlug: { method: 'GET', path: V2 + 'slug/{slug}', response: one },
  query: {
    method: 'GET',
    path: V2 + 'query',
    encodedQuery: true,
    response: collectionCodecs('collections.'),
  },
} satisfies Record<string, Endpoint>

/**
 * Reading product collections (collections v2). Pass it to `createClient`'s `modules`.
 *
 * @example
 * const client = createClient({ modules: { collections }, auth: OAuthStrategy({ clientId }) })
 * const { collection } = await client.collections.getCollectionBySlug('summer')
 */
export const collections = {
  /** A collection by id, unwrapped. Calls `GET /v2/collections/{id}`. */
  getCollection:
    (http: Http) =>
    async (id: string, options?: CallOptions): Promise<Collection> =>
      (await http.call<CollectionResponse>(endpoints.get, { id }, options)).collection,

  /** A collection by slug. Calls `GET /v2/collections/slug/{slug}`. */
  getCollectionBySlug:
    (http: Http) =>
    (slug: string, options?: CallOptions): Promise<CollectionResponse> =>
      http.call(endpoints.bySlug, { slug }, options),

  /**
   * A query of collections. Calls `GET /v2/collections/query?.r=…` (a POST to the same path when
   * the query is too long for a URL). No argument: a builder, sent by `find()`; a query object
   * (`{ filter, sort, paging }`): sent at once, resolves with the first page.
   */
  queryCollections: (http: Http): QueryFunction<Collection, 'collections'> =>
    queryFunction(http, { endpoint: endpoints.query, items: 'collections' }),
}
