import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Collection, Product } from '@vitrine/client'
import type { VitrineClient } from './clients.js'
import type { MerchantClient } from './merchant-client.js'
import { vitrineKeys } from './keys.js'
import { useVitrineClient } from './provider.js'

/** How a product list is ordered. */
export type ProductSort = 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc'

/** Which products a list shows: a collection, a name search, an order and a page. */
export interface ProductListParams {
  collectionId?: string
  /** Part of the name, any case. */
  search?: string
  sort?: ProductSort
  /** Page size. Default 12. */
  limit?: number
  /** Products to skip. Default 0. */
  offset?: number
}

/** One page of a product list. */
export interface ProductPage {
  items: Product[]
  /** Products in all pages. */
  totalCount: number
  offset: number
  limit: number
}

/** A client that reads the catalog: the shopper's, or the merchant's (which sees hidden items). */
export type CatalogReader = Pick<VitrineClient | MerchantClient, 'products' | 'collections'>

const DEFAULT_LIMIT = 12

/** Reads one page of products as `params` say. */
export async function fetchProducts(
  client: CatalogReader,
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { collectionId, search, sort, limit = DEFAULT_LIMIT, offset = 0 } = params
  let query = client.products.queryProducts()
  if (collectionId) query = query.hasSome('collectionIds', [collectionId])
  if (search?.trim()) query = query.contains('name', search.trim())
  if (sort) {
    const [field, order] = sort.split('-') as ['name' | 'price', 'asc' | 'desc']
    query = order === 'asc' ? query.ascending(field) : query.descending(field)
  }
  const page = await query.limit(limit).skip(offset).find({ signal })
  return { items: page.items, totalCount: page.totalCount ?? offset + page.length, offset, limit }
}

/**
 * The query of a page of products. While the next page loads, the previous one stays shown.
 *
 * @example
 * const { data } = useQuery(productsQueryOptions(client, { sort: 'price-asc', limit: 12 }))
 */
export const productsQueryOptions = (client: CatalogReader, params: ProductListParams = {}) =>
  queryOptions({
    queryKey: vitrineKeys.products(params),
    queryFn: ({ signal }) => fetchProducts(client, params, signal),
    placeholderData: keepPreviousData,
  })

/** The query of every collection (up to 100). */
export const collectionsQueryOptions = (client: CatalogReader) =>
  queryOptions({
    queryKey: vitrineKeys.collections(),
    queryFn: async ({ signal }): Promise<Collection[]> =>
      (await client.collections.queryCollections().limit(100).find({ signal })).items,
  })

/** A page of products: filter by collection, search by name, sort, page. */
export function useProducts(params: ProductListParams = {}) {
  return useQuery(productsQueryOptions(useVitrineClient(), params))
}

/** Every collection. */
export function useCollections() {
  return useQuery(collectionsQueryOptions(useVitrineClient()))
}
