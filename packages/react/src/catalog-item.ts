import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  ApiError,
  type Collection,
  type Product,
  type ProductOptionsAvailability,
} from '@vitrine/client'
import type { CatalogReader } from './catalog.js'
import { vitrineKeys } from './keys.js'
import { useVitrineClient } from './provider.js'

/** Throws the 404 `ApiError` of something the catalog does not have. */
function notFound(message: string): never {
  throw new ApiError({ kind: 'client', code: 'NOT_FOUND', status: 404, message })
}

/** The query of the product with `slug`; a 404 `ApiError` when there is none. */
export const productQueryOptions = (client: CatalogReader, slug: string) =>
  queryOptions({
    queryKey: vitrineKeys.product(slug),
    queryFn: async ({ signal }): Promise<Product> => {
      const page = await client.products.queryProducts().eq('slug', slug).limit(1).find({ signal })
      return page.items[0] ?? notFound(`Product "${slug}" not found`)
    },
  })

/**
 * The query of what `choices` (option name → choice) select on a product: the variant with its
 * price and stock, which choices remain in stock, and whether it can be bought.
 */
export const availabilityQueryOptions = (
  client: CatalogReader,
  productId: string,
  choices: Record<string, string>,
) =>
  queryOptions({
    queryKey: vitrineKeys.availability(productId, choices),
    queryFn: ({ signal }): Promise<ProductOptionsAvailability> =>
      client.products.getProductOptionsAvailability(productId, choices, { signal }),
    enabled: !!productId,
    placeholderData: keepPreviousData,
  })

/** The query of the collection with `slug`. */
export const collectionQueryOptions = (client: CatalogReader, slug: string) =>
  queryOptions({
    queryKey: vitrineKeys.collection(slug),
    queryFn: async ({ signal }): Promise<Collection> =>
      (await client.collections.getCollectionBySlug(slug, { signal })).collection,
  })

/** The product with `slug`. */
export function useProduct(slug: string) {
  return useQuery(productQueryOptions(useVitrineClient(), slug))
}

/** The variant, price and stock that `choices` select on product `productId`. */
export function useProductAvailability(productId: string, choices: Record<string, string>) {
  return useQuery(availabilityQueryOptions(useVitrineClient(), productId, choices))
}

/** The collection with `slug`. */
export function useCollection(slug: string) {
  return useQuery(collectionQueryOptions(useVitrineClient(), slug))
}
