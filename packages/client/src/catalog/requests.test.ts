import { describe, expect, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { collections } from './collections.js'
import { products } from './products.js'
import { catalogWriter } from './writer.js'

// What the wire contract (§0.3) shows for the default query.
const DEFAULT_R = 'eyJxdWVyeSI6eyJmaWx0ZXIiOnt9LCJwYWdpbmciOnsib2Zmc2V0IjowLCJsaW1pdCI6NTB9fX0'
const DEFAULT_QUERY = { query: { filter: {}, paging: { offset: 0, limit: 50 } } }

function setup(spy = spyFetch()) {
  const client = createClient({
    modules: { products, collections, catalogWriter },
    auth: { elevated: true, getAuthHeaders: () => ({ headers: { Authorization: 'KEY' } }) },
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, client }
}

type Client = ReturnType<typeof setup>['client']

interface Row {
  name: string
  call: (client: Client) => Promise<unknown>
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, string | string[]>
  r?: unknown
  body?: unknown
}

const reader: Row[] = [
  {
    name: 'products.getProduct',
    call: (c) => c.products.getProduct('p1'),
    method: 'GET',
    path: '/stores-reader/v1/products/p1',
    query: { id: 'p1' },
  },
  {
    name: 'products.getProduct with includeMerchantSpecificData',
    call: (c) => c.products.getProduct('p1', { includeMerchantSpecificData: true }),
    method: 'GET',
    path: '/stores-reader/v1/products/p1',
    query: { id: 'p1', includeMerchantSpecificData: 'true' },
  },
  {
    name: 'products.queryProducts',
    call: (c) => c.products.queryProducts().find(),
    method: 'GET',
    path: '/stores-reader/v1/products/query-platformized',
    query: { '.r': DEFAULT_R },
    r: DEFAULT_QUERY,
  },
  {
    name: 'products.getProductOptionsAvailability',
    call: (c) => c.products.getProductOptionsAvailability('p1', { Size: 'M', Color: 'Red' }),
    method: 'POST',
    path: '/stores-reader/v1/products/p1/productOptionsAvailability',
    body: { id: 'p1', options: { Size: 'M', Color: 'Red' } },
  },
  {
    name: 'products.queryProductVariants',
    call: (c) =>
      c.products.queryProductVariants('p1', {
        choices: { Size: 'M' },
        variantIds: ['v1'],
        paging: { limit: 10, offset: 20 },
        includeMerchantSpecificData: true,
      }),
    method: 'POST',
    path: '/stores-reader/v1/products/p1/variants/query',
    body: {
      id: 'p1',
      choices: { Size: 'M' },
      variantIds: ['v1'],
      paging: { limit: 10, offset: 20 },
      includeMerchantSpecificData: true,
    },
  },
  {
    name: 'products.queryProductVariants without params',
    call: (c) => c.products.queryProductVariants('p1'),
    method: 'POST',
    path: '/stores-reader/v1/products/p1/variants/query',
    body: { id: 'p1' },
  },
  {
    name: 'products.queryStoreVariants',
    call: (c) =>
      c.products.queryStoreVariants({ filter: { productId: 'p1' }, paging: { limit: 5 } }),
    method: 'POST',
    path: '/stores-reader/v1/variants/query',
    body: { query: { filter: { productId: 'p1' }, paging: { limit: 5 } } },
  },
  {
    name: 'products.getStoreVariant',
    call: (c) => c.products.getStoreVariant('v1'),
    method: 'GET',
    path: '/stores-reader/v1/variants/v1',
    query: { id: 'v1' },
  },
  {
    name: 'products.getCollectionBySlug (v1)',
    call: (c) => c.products.getCollectionBySlug('summer'),
    method: 'GET',
    path: '/stores-reader/v1/collections/slug/summer',
    query: { slug: 'summer' },
  },
  {
    name: 'collections.getCollection',
    call: (c) => c.collections.getCollection('c1'),
    method: 'GET',
    path: '/v2/collections/c1',
    query: { id: 'c1' },
  },
  {
    name: 'collections.getCollectionBySlug',
    call: (c) => c.collections.getCollectionBySlug('summer'),
    method: 'GET',
    path: '/v2/collections/slug/summer',
    query: { slug: 'summer' },
  },
  {
    name: 'collections.queryCollections',
    call: (c) => c.collections.queryCollections().find(),
    method: 'GET',
    path: '/v2/collections/query',
    query: { '.r': DEFAULT_R },
    r: DEFAULT_QUERY,
  },
]

const P = '/stores/v1/products/p1'
const C = '/stores/v1/collections/c1'
const choiceMedia = [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }]
const created = new Date('2026-01-02T03:04:05.000Z')

const writer: Row[] = [
  {
    name: 'createProduct',
    call: (c) => c.catalogWriter.createProduct({ name: 'Mug', priceData: { price: 9.5 } }),
    method: 'POST',
    path: '/stores/v1/products',
    body: { product: { name: 'Mug', priceData: { price: 9.5 } } },
  },
  {
    name: 'updateProduct',
    call: (c) =>
      c.catalogWriter.updateProduct('p1', { name: 'Cup', weight: NaN, createdDate: created }),
    method: 'PATCH',
    path: P,
    body: { product: { name: 'Cup', weight: 'NaN', createdDate: created.toISOString(), id: 'p1' } },
  },
  {
    name: 'deleteProduct',
    call: (c) => c.catalogWriter.deleteProduct('p1'),
    method: 'DELETE',
    path: P,
    query: { id: 'p1' },
  },
  {
    name: 'updateProductVariants',
    call: (c) =>
      c.catalogWriter.updateProductVariants('p1', [
        { choices: { Size: 'M' }, price: 5, weight: 1 },
      ]),
    method: 'PATCH',
    path: P + '/variants',
    body: { id: 'p1', variants: [{ choices: { Size: 'M' }, price: 5, weight: 1 }] },
  },
  {
    name: 'resetAllProductVariantData',
    call: (c) => c.catalogWriter.resetAllProductVariantData('p1'),
    method: 'POST',
    path: P + '/variants/resetToDefault',
    body: { id: 'p1' },
  },
  {
    name: 'addProductsToCollection',
    call: (c) => c.catalogWriter.addProductsToCollection('c1', ['p1', 'p2']),
    method: 'POST',
    path: C + '/productIds',
    body: { id: 'c1', productIds: ['p1', 'p2'] },
  },
  {
    name: 'removeProductsFromCollection',
    call: (c) => c.catalogWriter.removeProductsFromCollection('c1', ['p1']),
    method: 'POST',
    path: C + '/productIds/delete',
    body: { id: 'c1', productIds: ['p1'] },
  },
  {
    name: 'addProductMedia',
    call: (c) =>
      c.catalogWriter.addProductMedia('p1', [
        { url: 'https://img.test/a.jpg' },
        { mediaId: 'm1', choice: { option: 'Color', choice: 'Red' } },
      ]),
    method: 'POST',
    path: P + '/media',
    body: {
      id: 'p1',
      media: [
        { url: 'https://img.test/a.jpg' },
        { mediaId: 'm1', choice: { option: 'Color', choice: 'Red' } },
      ],
    },
  },
  {
    name: 'removeProductMedia',
    call: (c) => c.catalogWriter.removeProductMedia('p1', ['m1', 'm2']),
    method: 'POST',
    path: P + '/media/delete',
    body: { id: 'p1', mediaIds: ['m1', 'm2'] },
  },
  {
    name: 'addProductMediaToChoices',
    call: (c) => c.catalogWriter.addProductMediaToChoices('p1', choiceMedia),
    method: 'PATCH',
    path: P + '/choices/media',
    body: { id: 'p1', media: choiceMedia },
  },
  {
    name: 'removeProductMediaFromChoices',
    call: (c) => c.catalogWriter.removeProductMediaFromChoices('p1', choiceMedia),
    method: 'POST',
    path: P + '/choices/media/delete',
    body: { id: 'p1', media: choiceMedia },
  },
  {
    name: 'deleteProductOptions',
    call: (c) => c.catalogWriter.deleteProductOptions('p1'),
    method: 'DELETE',
    path: P + '/options',
    query: { id: 'p1' },
  },
  {
    name: 'removeBrand',
    call: (c) => c.catalogWriter.removeBrand('p1'),
    method: 'POST',
    path: P + '/remove-brand',
    body: { id: 'p1' },
  },
  {
    name: 'removeRibbon',
    call: (c) => c.catalogWriter.removeRibbon('p1'),
    method: 'POST',
    path: P + '/remove-ribbon',
    body: { id: 'p1' },
  },
  {
    name: 'createCollection',
    call: (c) => c.catalogWriter.createCollection({ name: 'Summer' }),
    method: 'POST',
    path: '/stores/v1/collections',
    body: { collection: { name: 'Summer' } },
  },
  {
    name: 'updateCollection',
    call: (c) => c.catalogWriter.updateCollection('c1', { name: 'Winter', lastUpdated: created }),
    method: 'PATCH',
    path: C,
    body: { collection: { name: 'Winter', lastUpdated: created.toISOString(), id: 'c1' } },
  },
  {
    name: 'deleteCollection',
    call: (c) => c.catalogWriter.deleteCollection('c1'),
    method: 'DELETE',
    path: C,
    query: { id: 'c1' },
  },
  {
    name: 'bulkUpdateProductsProperty',
    call: (c) => c.catalogWriter.bulkUpdateProductsProperty(['p1', 'p2'], { price: 12 }),
    method: 'POST',
    path: '/stores/v1/bulk/products/update',
    body: { ids: ['p1', 'p2'], set: { price: 12 } },
  },
  {
    name: 'bulkAdjustProductProperty',
    call: (c) => c.catalogWriter.bulkAdjustProductProperty({ cost: { percentage: 10 } }, ['p1']),
    method: 'POST',
    path: '/stores/v1/bulk/products/adjust-properties',
    body: { adjust: { cost: { percentage: 10 } }, ids: ['p1'] },
  },
]

function expectRequest(row: Row, spy: ReturnType<typeof spyFetch>) {
  expect(spy.requests).toHaveLength(1)
  const sent = spy.last
  expect(sent.method).toBe(row.method)
  expect(sent.url.origin + sent.path).toBe('https://api.test' + row.path)
  expect(sent.query).toEqual(row.query ?? {})
  expect(sent.r).toEqual(row.r)
  expect(sent.body).toEqual(row.body)
  expect(sent.headers.authorization).toBe('KEY')
  expect(sent.headers['content-type']).toBe(row.body ? 'application/json' : undefined)
}

describe('catalog reader requests', () => {
  it.each(reader)('$name', async (row) => {
    const { spy, client } = setup()
    await row.call(client)
    expectRequest(row, spy)
  })
})

describe('catalog writer requests', () => {
  it('covers every writer call', () => {
    expect(writer.map((row) => row.name).sort()).toEqual(Object.keys(catalogWriter).sort())
    expect(writer).toHaveLength(19)
  })

  it.each(writer)('$name', async (row) => {
    const { spy, client } = setup()
    await row.call(client)
    expectRequest(row, spy)
  })

  it.each(writer)('$name resolves as the contract says', async (row) => {
    const { client } = setup(spyFetch(() => ({ body: { ok: true } })))
    const result = await row.call(client)
    // Void calls ignore the body; the others hand back the response.
    if (/^(update|create|bulk)/.test(row.name)) expect(result).toEqual({ ok: true })
    else expect(result).toBeUndefined()
  })

  it('passes per-call options: headers and signal', async () => {
    const { spy, client } = setup()
    await client.catalogWriter.removeBrand('p1', { headers: { 'x-extra': '1' } })
    expect(spy.last.headers['x-extra']).toBe('1')
    const aborted = AbortSignal.abort(new Error('stop'))
    await expect(client.catalogWriter.removeRibbon('p1', { signal: aborted })).rejects.toThrow(
      'stop',
    )
  })
})
