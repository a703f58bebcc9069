import { renderHook, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { useCollection, useProduct, useProductAvailability } from './catalog-item.js'
import { useCollections, useProducts, type ProductListParams } from './catalog.js'
import { describeError } from './errors.js'
import { gatedFetch, providers, shopperOf, startShop } from './test-support/shop.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startShop()
})
afterAll(() => platform.close())

/** Renders `hook` in a new visitor's shop and waits for its query to succeed. */
async function loaded<T extends { isSuccess: boolean }>(hook: () => T) {
  const view = renderHook(hook, { wrapper: providers(shopperOf(platform)) })
  await waitFor(() => expect(view.result.current.isSuccess).toBe(true))
  return view
}

const priceOf = (product: { price?: { price?: number } }) => product.price?.price ?? NaN

describe('products', () => {
  it('lists a page with the total, sorted by price either way and by name', async () => {
    const { result } = await loaded(() => ({
      cheap: useProducts({ sort: 'price-asc', limit: 50 }),
      dear: useProducts({ sort: 'price-desc', limit: 50 }),
      named: useProducts({ sort: 'name-asc', limit: 50 }),
      get isSuccess() {
        return this.cheap.isSuccess && this.dear.isSuccess && this.named.isSuccess
      },
    }))
    const { cheap, dear, named } = result.current
    expect(cheap.data!.totalCount).toBeGreaterThan(12)
    expect(cheap.data!.items).toHaveLength(cheap.data!.totalCount)
    const prices = cheap.data!.items.map(priceOf)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(dear.data!.items.map(priceOf)).toEqual([...prices].reverse().sort((a, b) => b - a))
    const names = named.data!.items.map((product) => product.name!.toLowerCase())
    expect(names).toEqual([...names].sort())
  })

  it('filters by collection and by part of the name, in any case', async () => {
    const { result } = await loaded(() => useCollection('apparel'))
    const apparel = result.current.data!
    const inCollection = await loaded(() => useProducts({ collectionId: apparel.id, limit: 50 }))
    const { items, totalCount } = inCollection.result.current.data!
    expect(totalCount).toBeGreaterThan(0)
    expect(items.every((product) => product.collectionIds?.includes(apparel.id))).toBe(true)

    const searched = await loaded(() => useProducts({ search: 'MUG' }))
    const found = searched.result.current.data!.items
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((product) => /mug/i.test(product.name!))).toBe(true)
  })

  it('pages with limit and offset, keeping the previous page shown while the next loads', async () => {
    const gate = gatedFetch()
    const { result, rerender } = renderHook((params: ProductListParams) => useProducts(params), {
      wrapper: providers(shopperOf(platform, gate.fetch)),
      initialProps: { sort: 'name-asc', limit: 5, offset: 0 },
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const first = result.current.data!
    expect(first).toMatchObject({ offset: 0, limit: 5 })
    expect(first.items).toHaveLength(5)

    const release = gate.hold(/products\/query/)
    rerender({ sort: 'name-asc', limit: 5, offset: 5 })
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(result.current.isPlaceholderData).toBe(true)
    expect(result.current.data).toBe(first)
    release()
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false))
    const second = result.current.data!
    expect(second).toMatchObject({ offset: 5, limit: 5, totalCount: first.totalCount })
    const firstIds = new Set(first.items.map((product) => product.id))
    expect(second.items.some((product) => firstIds.has(product.id))).toBe(false)
  })

  it('reads one product by slug, and a 404 ApiError for an unknown slug', async () => {
    const { result } = await loaded(() => useProduct('everyday-organic-tee'))
    expect(result.current.data).toMatchObject({
      slug: 'everyday-organic-tee',
      name: 'Everyday Organic Tee',
    })

    const missing = renderHook(() => useProduct('no-such-product'), {
      wrapper: providers(shopperOf(platform)),
    })
    await waitFor(() => expect(missing.result.current.isError).toBe(true))
    expect(missing.result.current.error).toMatchObject({ name: 'ApiError', status: 404 })
    expect(describeError(missing.result.current.error)).toBe(
      'We could not find what you were looking for.',
    )
  })

  it('tells the variant, price and stock that choices select', async () => {
    const tee = (await loaded(() => useProduct('everyday-organic-tee'))).result.current.data!
    const { result, rerender } = renderHook(
      (choices: Record<string, string>) => useProductAvailability(tee.id, choices),
      { wrapper: providers(shopperOf(platform)), initialProps: { Color: 'Sage', Size: 'M' } },
    )
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { inStock: true, price: { price: 28 } },
    })
    rerender({ Color: 'Sage', Size: 'XL' })
    await waitFor(() => expect(result.current.data?.selectedVariant?.price?.price).toBe(30))

    // Sage is sold out in XS.
    rerender({ Color: 'Sage', Size: 'XS' })
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false))
    await waitFor(() => expect(result.current.data?.availableForPurchase).toBe(false))
    expect(result.current.data?.selectedVariant?.inStock).toBe(false)
    const sizes = result.current.data!.productOptions!.find((option) => option.name === 'Size')!
    expect(sizes.choices!.find((choice) => choice.value === 'XS')).toMatchObject({
      inStock: false,
    })
  })
})

describe('collections', () => {
  it('lists the collections and reads one by slug', async () => {
    const { result } = await loaded(() => useCollections())
    const slugs = result.current.data!.map((collection) => collection.slug)
    expect(slugs).toEqual(expect.arrayContaining(['apparel', 'home-and-living', 'accessories']))

    const one = await loaded(() => useCollection('home-and-living'))
    expect(one.result.current.data).toMatchObject({
      slug: 'home-and-living',
      name: 'Home & Living',
    })
  })
})
