import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { BulkSet, Collection, Product, ProductMediaInput, Variant } from '@vitrine/client'
import { fetchProducts, type ProductListParams } from './catalog.js'
import type { MerchantClient } from './merchant-client.js'
import { vitrineKeys } from './keys.js'
import { useMerchantClient } from './merchant-provider.js'

/** The query of a page of the merchant's products: hidden ones too. */
export const merchantProductsQueryOptions = (
  client: MerchantClient,
  params: ProductListParams = {},
) =>
  queryOptions({
    queryKey: vitrineKeys.merchantProducts(params),
    queryFn: ({ signal }) => fetchProducts(client, params, signal),
    placeholderData: keepPreviousData,
  })

/** The query of one product as the merchant edits it: hidden or not, with cost and profit. */
export const merchantProductQueryOptions = (client: MerchantClient, id: string) =>
  queryOptions({
    queryKey: vitrineKeys.merchantProduct(id),
    queryFn: async ({ signal }): Promise<Product> =>
      (await client.products.getProduct(id, { includeMerchantSpecificData: true }, { signal }))
        .product,
  })

/** The query of every collection, hidden ones too. */
export const merchantCollectionsQueryOptions = (client: MerchantClient) =>
  queryOptions({
    queryKey: vitrineKeys.merchantCollections(),
    queryFn: async ({ signal }): Promise<Collection[]> =>
      (await client.collections.queryCollections().limit(100).find({ signal })).items,
  })

/** A page of the catalog as the merchant sees it (hidden products included). */
export function useMerchantProducts(params: ProductListParams = {}) {
  return useQuery(merchantProductsQueryOptions(useMerchantClient(), params))
}

/** One product as the merchant sees it (see {@link merchantProductQueryOptions}). */
export function useMerchantProduct(id: string) {
  return useQuery(merchantProductQueryOptions(useMerchantClient(), id))
}

/** Every collection as the merchant sees it. */
export function useMerchantCollections() {
  return useQuery(merchantCollectionsQueryOptions(useMerchantClient()))
}

/**
 * A catalog write: once it settles, every catalog query (the shop's and the merchant's) is
 * refetched, so the shop shows the change.
 */
function useCatalogWrite<V, R>(write: (client: MerchantClient, variables: V) => Promise<R>) {
  const client = useMerchantClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: V) => write(client, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vitrineKeys.catalog() }),
  })
}

/** Creates a product; resolves with it. */
export const useCreateProduct = () =>
  useCatalogWrite(
    async (client, product: Partial<Product>) =>
      (await client.catalogWriter.createProduct(product)).product,
  )

/** Changes the given fields of product `id`; resolves with the product. */
export const useUpdateProduct = () =>
  useCatalogWrite(
    async (client, { id, product }: { id: string; product: Partial<Product> }) =>
      (await client.catalogWriter.updateProduct(id, product)).product,
  )

/** Deletes product `id`. */
export const useDeleteProduct = () =>
  useCatalogWrite((client, { id }: { id: string }) => client.catalogWriter.deleteProduct(id))

/** Sets price, cost, weight, SKU or visibility of the variants each entry selects. */
export const useUpdateVariants = () =>
  useCatalogWrite(
    async (client, { productId, variants }: { productId: string; variants: Variant[] }) =>
      (await client.catalogWriter.updateProductVariants(productId, variants)).variants,
  )

/** Resets every variant of a product to the product's own price, cost and weight. */
export const useResetVariants = () =>
  useCatalogWrite((client, { productId }: { productId: string }) =>
    client.catalogWriter.resetAllProductVariantData(productId),
  )

/** Adds media (by `url` or `mediaId`, optionally for one choice) to a product. */
export const useAddProductMedia = () =>
  useCatalogWrite(
    (client, { productId, media }: { productId: string; media: ProductMediaInput[] }) =>
      client.catalogWriter.addProductMedia(productId, media),
  )

/** Removes media items from a product. */
export const useRemoveProductMedia = () =>
  useCatalogWrite((client, { productId, mediaIds }: { productId: string; mediaIds: string[] }) =>
    client.catalogWriter.removeProductMedia(productId, mediaIds),
  )

/** Removes a product's brand. */
export const useRemoveBrand = () =>
  useCatalogWrite((client, { productId }: { productId: string }) =>
    client.catalogWriter.removeBrand(productId),
  )

/** Removes a product's ribbon. */
export const useRemoveRibbon = () =>
  useCatalogWrite((client, { productId }: { productId: string }) =>
    client.catalogWriter.removeRibbon(productId),
  )

/** Creates a collection; resolves with it. */
export const useCreateCollection = () =>
  useCatalogWrite(
    async (client, collection: Partial<Collection>) =>
      (await client.catalogWriter.createCollection(collection)).collection,
  )

/** Changes the given fields of collection `id`; resolves with the collection. */
export const useUpdateCollection = () =>
  useCatalogWrite(
    async (client, { id, collection }: { id: string; collection: Partial<Collection> }) =>
      (await client.catalogWriter.updateCollection(id, collection)).collection,
  )

/** Deletes collection `id` (its products stay). */
export const useDeleteCollection = () =>
  useCatalogWrite((client, { id }: { id: string }) => client.catalogWriter.deleteCollection(id))

/** What the collection membership hooks take. */
export interface CollectionProducts {
  collectionId: string
  productIds: string[]
}

/** Adds products to a collection. */
export const useAddProductsToCollection = () =>
  useCatalogWrite((client, { collectionId, productIds }: CollectionProducts) =>
    client.catalogWriter.addProductsToCollection(collectionId, productIds),
  )

/** Removes products from a collection. */
export const useRemoveProductsFromCollection = () =>
  useCatalogWrite((client, { collectionId, productIds }: CollectionProducts) =>
    client.catalogWriter.removeProductsFromCollection(collectionId, productIds),
  )

/** Sets one property (price, cost or weight) of many products. */
export const useBulkUpdateProducts = () =>
  useCatalogWrite((client, { productIds, set }: { productIds: string[]; set: BulkSet }) =>
    client.catalogWriter.bulkUpdateProductsProperty(productIds, set),
  )

/** What {@link useBulkAdjustProducts} takes: each given property changes by an amount or a percentage. */
export interface BulkAdjustInput {
  productIds: string[]
  /** E.g. `{ price: -10 }` with `by: 'percentage'`: 10 % off. */
  adjust: { price?: number; cost?: number; weight?: number }
  by: 'amount' | 'percentage'
}

/** Raises or lowers price, cost or weight of many products by an amount or a percentage. */
export const useBulkAdjustProducts = () =>
  useCatalogWrite((client, { productIds, adjust, by }: BulkAdjustInput) =>
    client.catalogWriter.bulkAdjustProductProperty(
      Object.fromEntries(
        Object.entries(adjust)
          .filter(([, value]) => value !== undefined)
          .map(([property, value]) => [property, { [by]: value }]),
      ),
      productIds,
    ),
  )
