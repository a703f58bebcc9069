import { hydrate, QueryClient, type QueryKey } from '@tanstack/react-query'
import type { MediaItem, Product } from '@vitrine/client'
import { vitrineKeys, type ProductPage } from '@vitrine/react'
import { RouterContextProvider, type UIMatch } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { pageStates, type PageState } from '../lib/page-data'
import { availabilityOf, cardOf, collectionCardOf, pageProductOf } from './catalog-shapes.server'
import { forgetCatalog } from './platform.server'
import { prefetched, readCatalog } from './queries.server'
import { RequestShop, shopContext } from './shop-context.server'

const picture = (id: string): MediaItem => ({
  id,
  mediaType: 'image',
  image: { url: `https://media.example/${id}.svg`, width: 800, height: 800 },
  thumbnail: { url: `https://media.example/${id}.svg`, width: 50, height: 50 },
})

/** A product as the platform answers it: options with pictures, variants, a gallery. */
const tee: Product = {
  id: 'p1',
  slug: 'everyday-tee',
  name: 'Everyday Tee',
  description: '<p>Soft organic cotton.</p>',
  priceData: { currency: 'USD', price: 30, discountedPrice: 24 },
  convertedPriceData: { currency: 'USD', price: 30, discountedPrice: 24 },
  media: { mainMedia: picture('white'), items: [picture('white'), picture('black')] },
  productOptions: [
    {
      name: 'Color',
      optionType: 'color',
      choices: [{ value: '#ffffff', description: 'White', media: { items: [picture('white')] } }],
    },
  ],
  variants: [{ id: 'v1', choices: { Color: 'White' }, variant: { sku: 'TEE-W' } }],
  collectionIds: ['c1'],
}

/** A request's router context, with the services the root's middleware gives it. */
function requestContext() {
  const context = new RouterContextProvider()
  context.set(shopContext, new RequestShop(new Request('http://127.0.0.1:4173/')))
  return context
}

/** The query cache a browser hydrates from the loader data of one document, `pages`. */
function hydrated(...pages: PageState[]): QueryClient {
  const queries = new QueryClient()
  hydrate(queries, pageStates(pages.map((data) => ({ data }) as UIMatch)))
  return queries
}

/** A query of `queryKey` whose fetch answers `data`, counting its calls in `loads`. */
const answering = <T,>(queryKey: QueryKey, data: T, loads = { count: 0 }) => ({
  queryKey,
  queryFn: async () => {
    loads.count++
    return data
  },
})

describe('prefetched', () => {
  beforeEach(() => forgetCatalog())

  it("hands every catalog query over as its page reads it, to the server's render and to the browser", async () => {
    const collection = { id: 'c1', name: 'Apparel', slug: 'apparel', lastUpdated: new Date(0) }
    const availability = { productOptions: tee.productOptions, availableForPurchase: false }
    const page: ProductPage = { items: [tee], totalCount: 1, offset: 0, limit: 12 }
    const handedOver: [QueryKey, unknown][] = [
      [vitrineKeys.products({ collectionId: 'c1' }), { ...page, items: [cardOf(tee)] }],
      [vitrineKeys.product('everyday-tee'), pageProductOf(tee)],
      [vitrineKeys.collections(), [collectionCardOf(collection)]],
      [vitrineKeys.availability('p1', {}), availabilityOf(availability)],
    ]
    const context = requestContext()
    const loaderData = await prefetched(context, (queries) =>
      Promise.all([
        queries.fetchQuery(answering(handedOver[0]![0], page)),
        queries.fetchQuery(answering(handedOver[1]![0], tee)),
        queries.prefetchQuery(answering(handedOver[2]![0], [collection])),
        queries.prefetchQuery(answering(handedOver[3]![0], availability)),
      ]),
    )
    const rendered = context.get(shopContext).queries()
    const browser = hydrated(loaderData)
    for (const [key, data] of handedOver) {
      expect(rendered.getQueryData(key)).toEqual(data)
      expect(browser.getQueryData(key)).toEqual(data)
    }
    expect(loaderData.state).toBeUndefined()
  })

  it('reads each catalog query once for every request while it is fresh: the same frozen answer', async () => {
    const key = vitrineKeys.product('everyday-tee')
    const loads = { count: 0 }
    const requests = [requestContext(), requestContext(), requestContext()]
    const pages = await Promise.all(
      requests.map((context) =>
        prefetched(context, (queries) => queries.fetchQuery(answering(key, tee, loads))),
      ),
    )
    await prefetched(requests[0]!, (queries) => queries.fetchQuery(answering(key, tee, loads)))
    expect(loads.count).toBe(1)
    const [kept, ...others] = requests.map((context) =>
      context.get(shopContext).queries().getQueryData<Product>(key),
    )
    for (const other of others) expect(other).toBe(kept)
    expect(Object.isFrozen(kept)).toBe(true)
    expect(Object.isFrozen(kept!.variants![0]!.choices)).toBe(true)
    // Each request hands over the same JSON.
    expect(new Set(pages.map(({ catalog }) => catalog!.replace(/^{"at":\d+/, ''))).size).toBe(1)
    expect(hydrated(pages[2]!).getQueryData(key)).toEqual(kept)
    // An action's read is answered by the same cache.
    expect(await readCatalog(answering(key, tee, loads))).toBe(kept)
    expect(loads.count).toBe(1)
  })

  it("hands each catalog answer over once per request: the browser gets all of the request's loaders' data", async () => {
    const collections = [{ id: 'c1', name: 'Apparel', slug: 'apparel' }]
    const page: ProductPage = { items: [tee], totalCount: 1, offset: 0, limit: 12 }
    const readCollections = (queries: QueryClient) =>
      queries.fetchQuery(answering(vitrineKeys.collections(), collections))
    const context = requestContext()
    const [layout, home] = await Promise.all([
      prefetched(context, readCollections),
      prefetched(context, async (queries) => {
        await readCollections(queries)
        await queries.fetchQuery(answering(vitrineKeys.products({}), page))
      }),
    ])
    const handed = (data: PageState) => (data.catalog?.match(/\["vitrine"/g) ?? []).length
    expect(handed(layout) + handed(home)).toBe(2)
    const browser = hydrated(layout, home)
    const rendered = context.get(shopContext).queries()
    for (const queries of [browser, rendered]) {
      expect(queries.getQueryData(vitrineKeys.collections())).toEqual(collections)
      expect(queries.getQueryData(vitrineKeys.products({}))).toEqual({
        ...page,
        items: [cardOf(tee)],
      })
    }
    // Another request hands them over again.
    expect(handed(await prefetched(requestContext(), readCollections))).toBe(1)
  })

  it("keeps neither a shopper's own data nor the merchant's view: they travel as they are", async () => {
    const cart = { id: 'cart1', lineItems: [], createdDate: new Date(0) }
    const merchant = { ...tee, visible: false }
    const loads = { count: 0 }
    const read = (queries: QueryClient) =>
      Promise.all([
        queries.fetchQuery(answering(vitrineKeys.cart(), cart, loads)),
        queries.fetchQuery(answering(vitrineKeys.merchantProduct('p1'), merchant, loads)),
        queries.prefetchQuery({
          queryKey: vitrineKeys.collections(),
          queryFn: () => Promise.reject(new Error('The platform is down')),
        }),
      ])
    await prefetched(requestContext(), read)
    const loaderData = await prefetched(requestContext(), read)
    expect(loads.count).toBe(4)
    expect(loaderData.catalog).toBeUndefined()
    const browser = hydrated(loaderData)
    expect(browser.getQueryData(vitrineKeys.cart())).toEqual(cart)
    expect(browser.getQueryData<typeof cart>(vitrineKeys.cart())?.createdDate).toBeInstanceOf(Date)
    expect(browser.getQueryData(vitrineKeys.merchantProduct('p1'))).toEqual(merchant)
    // What failed is not handed over: the browser asks again.
    expect(browser.getQueryState(vitrineKeys.collections())).toBeUndefined()
  })
})
