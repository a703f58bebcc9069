import { queryOptions, useQueries } from '@tanstack/react-query'
import type { Collection } from '@vitrine/client'
import { fetchProducts, useVitrineClient, vitrineKeys, type CatalogReader } from '@vitrine/react'

/** The query of how many products of `collectionId` match `search` (only the count is kept). */
export const searchCountQueryOptions = (
  reader: CatalogReader,
  collectionId: string,
  search: string,
) =>
  queryOptions({
    queryKey: [...vitrineKeys.catalog(), 'search-count', collectionId, search] as const,
    queryFn: async ({ signal }) =>
      (await fetchProducts(reader, { collectionId, search, limit: 1 }, signal)).totalCount,
  })

/**
 * How many products of each collection the catalog's filters show: the collection's own count,
 * or with a search, how many of its products match it (undefined while unknown).
 */
export function useCollectionCounts(
  collections: Collection[] | undefined,
  search: string,
): (number | undefined)[] {
  const client = useVitrineClient()
  const counts = useQueries({
    queries: search
      ? (collections ?? []).map((collection) =>
          searchCountQueryOptions(client, collection.id, search),
        )
      : [],
  })
  return (collections ?? []).map((collection, index) =>
    search ? counts[index]?.data : collection.numberOfProducts,
  )
}
