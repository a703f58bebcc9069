import { act, renderHook, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { useProduct } from './catalog-item.js'
import { useProducts } from './catalog.js'
import { describeError } from './errors.js'
import {
  useAddProductMedia,
  useAddProductsToCollection,
  useBulkAdjustProducts,
  useBulkUpdateProducts,
  useCreateCollection,
  useCreateProduct,
  useDeleteCollection,
  useDeleteProduct,
  useMerchantCollections,
  useMerchantProduct,
  useMerchantProducts,
  useRemoveProductMedia,
  useRemoveProductsFromCollection,
  useResetVariants,
  useUpdateCollection,
  useUpdateProduct,
  useUpdateVariants,
} from './merchant.js'
import { merchantOf, providers, shopperOf, startShop } from './test-support/shop.js'

let platform: TestPlatform
let seq = 0
beforeAll(async () => {
  platform = await startShop()
})
afterAll(() => platform.close())

interface Props {
  slug: string
  collectionId?: string
  productId?: string
}

/** The merchant console's hooks beside the shop's, in one tree (one QueryClient). */
function console_(search: string) {
  return renderHook(
    ({ slug, collectionId, productId }: Props) => ({
      merchantList: useMerchantProducts({ search, limit: 50 }),
      merchantProduct: useMerchantProduct(productId ?? 'none-yet'),
      shopList: useProducts({ search, limit: 50 }),
      shopProduct: useProduct(slug),
      shopCollection: useProducts({ collectionId, limit: 50 }),
      collections: useMerchantCollections(),
      create: useCreateProduct(),
      update: useUpdateProduct(),
      remove: useDeleteProduct(),
      variants: useUpdateVariants(),
      reset: useResetVariants(),
      addMedia: useAddProductMedia(),
      removeMedia: useRemoveProductMedia(),
      bulkSet: useBulkUpdateProducts(),
      bulkAdjust: useBulkAdjustProducts(),
      createCollection: useCreateCollection(),
      updateCollection: useUpdateCollection(),
      deleteCollection: useDeleteCollection(),
      addToCollection: useAddProductsToCollection(),
      removeFromCollection: useRemoveProductsFromCollection(),
    }),
    {
      wrapper: providers(shopperOf(platform), merchantOf(platform)),
      initialProps: { slug: 'none-yet' } as Props,
    },
  )
}

const names = (page?: { items: { name?: string }[] }) => page?.items.map((p) => p.name).sort()

describe('the merchant console', () => {
  it('creates a hidden product that only the merchant sees, shows it once visible, deletes it', async () => {
    const name = `Console Lamp ${++seq}`
    const { result, rerender } = console_('Console Lamp')
    await waitFor(() => expect(result.current.merchantList.isSuccess).toBe(true))
    const created = await act(() =>
      result.current.create.mutateAsync({
        name,
        productType: 'physical',
        visible: false,
        priceData: { price: 40 },
        costAndProfitData: { itemCost: 15 },
        weight: 1.5,
        brand: 'Atlas Goods',
        ribbon: 'New',
      }),
    )
    expect(created).toMatchObject({ name, visible: false, brand: 'Atlas Goods', ribbon: 'New' })
    await waitFor(() => expect(names(result.current.merchantList.data)).toEqual([name]))
    await waitFor(() => expect(result.current.shopList.isFetching).toBe(false))
    expect(names(result.current.shopList.data)).toEqual([])

    await act(() =>
      result.current.update.mutateAsync({ id: created.id, product: { visible: true } }),
    )
    await waitFor(() => expect(names(result.current.shopList.data)).toEqual([name]))
    rerender({ slug: created.slug!, productId: created.id })
    await waitFor(() => expect(result.current.merchantProduct.data?.visible).toBe(true))
    expect(result.current.merchantProduct.data?.costAndProfitData?.itemCost).toBe(15)
    await waitFor(() => expect(result.current.shopProduct.data?.price?.price).toBe(40))

    await act(() => result.current.remove.mutateAsync({ id: created.id }))
    await waitFor(() => expect(names(result.current.merchantList.data)).toEqual([]))
    await waitFor(() => expect(result.current.shopProduct.isError).toBe(true))
    expect(describeError(result.current.shopProduct.error)).toBe(
      'We could not find what you were looking for.',
    )
  })

  it('prices variants, resets them, and adds and removes media', async () => {
    const { result, rerender } = console_('Variant Tee')
    const tee = await act(() =>
      result.current.create.mutateAsync({
        name: `Variant Tee ${++seq}`,
        productType: 'physical',
        priceData: { price: 20 },
        manageVariants: true,
        productOptions: [
          {
            name: 'Size',
            choices: [
              { value: 'S', description: 'S' },
              { value: 'L', description: 'L' },
            ],
          },
        ],
      }),
    )
    rerender({ slug: tee.slug! })
    const updated = await act(() =>
      result.current.variants.mutateAsync({
        productId: tee.id,
        variants: [{ choices: { Size: 'L' }, price: 26 }],
      }),
    )
    expect(updated.find((v) => v.choices?.Size === 'L')).toMatchObject({
      choices: { Size: 'L' },
      variant: { priceData: { price: 26 } },
    })
    await waitFor(() =>
      expect(
        result.current.shopProduct.data?.variants?.find((v) => v.choices?.Size === 'L')?.variant
          ?.priceData?.price,
      ).toBe(26),
    )
    await act(() => result.current.reset.mutateAsync({ productId: tee.id }))
    await waitFor(() =>
      expect(
        result.current.shopProduct.data?.variants?.map((v) => v.variant?.priceData?.price),
      ).toEqual([20, 20]),
    )

    const url = `${platform.baseUrl}/media/demo-tee.svg`
    await act(() => result.current.addMedia.mutateAsync({ productId: tee.id, media: [{ url }] }))
    await waitFor(() => expect(result.current.shopProduct.data?.media?.items).toHaveLength(1))
    const mediaId = result.current.shopProduct.data!.media!.items![0]!.id!
    await act(() =>
      result.current.removeMedia.mutateAsync({ productId: tee.id, mediaIds: [mediaId] }),
    )
    await waitFor(() => expect(result.current.shopProduct.data?.media?.items ?? []).toHaveLength(0))
  })

  it('sets and adjusts prices in bulk, and the shop shows the new prices', async () => {
    const { result } = console_('Bulk Bowl')
    const bowls = []
    for (const price of [10, 30])
      bowls.push(
        await act(() =>
          result.current.create.mutateAsync({
            name: `Bulk Bowl ${++seq}`,
            productType: 'physical',
            priceData: { price },
          }),
        ),
      )
    const productIds = bowls.map((bowl) => bowl.id)
    const prices = () => result.current.shopList.data?.items.map((p) => p.price?.price).sort()

    await act(() =>
      result.current.bulkAdjust.mutateAsync({
        productIds,
        adjust: { price: 10 },
        by: 'percentage',
      }),
    )
    await waitFor(() => expect(prices()).toEqual([11, 33]))
    await act(() =>
      result.current.bulkAdjust.mutateAsync({ productIds, adjust: { price: -1 }, by: 'amount' }),
    )
    await waitFor(() => expect(prices()).toEqual([10, 32]))
    await act(() => result.current.bulkSet.mutateAsync({ productIds, set: { price: 25 } }))
    await waitFor(() => expect(prices()).toEqual([25, 25]))
  })

  it('creates, renames, fills, empties and deletes a collection', async () => {
    const { result, rerender } = console_('Shelf Item')
    const item = await act(() =>
      result.current.create.mutateAsync({ name: `Shelf Item ${++seq}`, productType: 'physical' }),
    )
    const shelf = await act(() =>
      result.current.createCollection.mutateAsync({ name: `Shelf ${seq}` }),
    )
    await waitFor(() =>
      expect(result.current.collections.data?.map((c) => c.id)).toContain(shelf.id),
    )
    const renamed = await act(() =>
      result.current.updateCollection.mutateAsync({
        id: shelf.id,
        collection: { name: 'Top Shelf' },
      }),
    )
    expect(renamed.name).toBe('Top Shelf')

    rerender({ slug: item.slug!, collectionId: shelf.id })
    const inShelf = () => result.current.shopCollection.data?.items.map((p) => p.id)
    await waitFor(() => expect(inShelf()).toEqual([]))
    await act(() =>
      result.current.addToCollection.mutateAsync({ collectionId: shelf.id, productIds: [item.id] }),
    )
    await waitFor(() => expect(inShelf()).toEqual([item.id]))
    await act(() =>
      result.current.removeFromCollection.mutateAsync({
        collectionId: shelf.id,
        productIds: [item.id],
      }),
    )
    await waitFor(() => expect(inShelf()).toEqual([]))

    await act(() => result.current.deleteCollection.mutateAsync({ id: shelf.id }))
    await waitFor(() =>
      expect(result.current.collections.data?.map((c) => c.id)).not.toContain(shelf.id),
    )
  })
})
