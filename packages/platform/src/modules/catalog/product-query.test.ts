import { createClient, products, type Product, type QueryBuilder } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

describe.each(DIALECTS)('product query language on %s', (dialect) => {
  let catalog: CatalogPlatform
  const ids: Record<string, string> = {}
  const names = async (query: QueryBuilder<Product>) =>
    (await query.find()).items.map((product) => product.name).sort()
  const admin = () => catalog.admin.products.queryProducts()
  const shopper = () => catalog.visitor.products.queryProducts()

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    const { catalogWriter } = catalog.admin
    const make = async (key: string, product: Partial<Product>) => {
      ids[key] = (await catalogWriter.createProduct(product)).product.id
    }
    await make('alpha', {
      name: 'Alpha Mug',
      priceData: { price: 10 },
      sku: 'MUG-A',
      brand: 'Acme',
      ribbon: 'New',
    })
    await make('beta', {
      name: 'beta mug',
      priceData: { price: 20 },
      sku: 'MUG-B',
      discount: { type: 'AMOUNT', value: 5 },
    })
    await make('gamma', { name: 'Gamma 50%_Tee', priceData: { price: 30 }, productType: 'digital' })
    await make('delta', { name: 'Delta Cap', priceData: { price: 40 }, visible: false })
    await make('epsilon', {
      name: 'Epsilon',
      priceData: { price: 50 },
      stock: { trackInventory: true, quantity: 0 },
    })
    const c1 = (await catalogWriter.createCollection({ name: 'Mugs' })).collection.id
    const c2 = (await catalogWriter.createCollection({ name: 'Sale' })).collection.id
    ids.c1 = c1
    ids.c2 = c2
    await catalogWriter.addProductsToCollection(c1, [ids.alpha!, ids.beta!])
    await catalogWriter.addProductsToCollection(c2, [ids.beta!, ids.gamma!])
  })
  afterAll(() => catalog.close())

  it('compares numbers: eq, ne, gt, ge, lt, le, between, on every price alias', async () => {
    expect(await names(shopper().eq('price', 10))).toEqual(['Alpha Mug'])
    expect(await names(shopper().ne('priceData.price', 10))).toEqual([
      'Epsilon',
      'Gamma 50%_Tee',
      'beta mug',
    ])
    expect(await names(shopper().gt('price', 30))).toEqual(['Epsilon'])
    expect(await names(shopper().ge('price', 30))).toEqual(['Epsilon', 'Gamma 50%_Tee'])
    expect(await names(shopper().lt('discountedPrice', 20))).toEqual(['Alpha Mug', 'beta mug'])
    expect(await names(shopper().le('priceData.discountedPrice', 15))).toEqual([
      'Alpha Mug',
      'beta mug',
    ])
    expect(await names(shopper().between('price', 20, 50))).toEqual(['Gamma 50%_Tee', 'beta mug'])
  })

  it('matches text case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(await names(shopper().startsWith('name', 'ALP'))).toEqual(['Alpha Mug'])
    expect(await names(shopper().startsWith('name', 'b'))).toEqual(['beta mug'])
    expect(await names(shopper().endsWith('name', 'MUG'))).toEqual(['Alpha Mug', 'beta mug'])
    expect(await names(shopper().contains('name', '50%_'))).toEqual(['Gamma 50%_Tee'])
    expect(await names(shopper().contains('name', '%'))).toEqual(['Gamma 50%_Tee'])
    expect(await names(shopper().contains('name', '_'))).toEqual(['Gamma 50%_Tee'])
    expect(await names(shopper().startsWith('sku', 'mug-'))).toEqual(['Alpha Mug', 'beta mug'])
  })

  it('tests presence, lists, enums and flags', async () => {
    expect(await names(shopper().isEmpty('sku'))).toEqual(['Epsilon', 'Gamma 50%_Tee'])
    expect(await names(shopper().isNotEmpty('brand'))).toEqual(['Alpha Mug'])
    expect(await names(shopper().exists('ribbon', false).exists('sku'))).toEqual(['beta mug'])
    expect(await names(shopper().in('id', [ids.alpha, ids.gamma, 'nope']))).toEqual([
      'Alpha Mug',
      'Gamma 50%_Tee',
    ])
    expect(await names(shopper().eq('productType', 'digital'))).toEqual(['Gamma 50%_Tee'])
    expect(await names(shopper().eq('stock.inStock', false))).toEqual(['Epsilon'])
    expect(await names(shopper().eq('inStock', true).eq('brand', 'Acme'))).toEqual(['Alpha Mug'])
    expect(await names(shopper().eq('slug', 'gamma-50-tee'))).toEqual(['Gamma 50%_Tee'])
  })

  it('filters by collections with hasSome, hasAll and in', async () => {
    expect(await names(shopper().hasSome('collections.id', [ids.c1]))).toEqual([
      'Alpha Mug',
      'beta mug',
    ])
    expect(await names(shopper().hasSome('collectionIds', [ids.c1, ids.c2]))).toEqual([
      'Alpha Mug',
      'Gamma 50%_Tee',
      'beta mug',
    ])
    expect(await names(shopper().hasAll('collections.id', [ids.c1, ids.c2]))).toEqual(['beta mug'])
    expect(await names(shopper().in('collectionIds', [ids.c2]))).toEqual([
      'Gamma 50%_Tee',
      'beta mug',
    ])
    expect(await names(shopper().isEmpty('collectionIds'))).toEqual(['Epsilon'])
  })

  it('combines conditions with and, or and not', async () => {
    expect(await names(shopper().lt('price', 25).or(shopper().eq('name', 'Epsilon')))).toEqual([
      'Alpha Mug',
      'Epsilon',
      'beta mug',
    ])
    expect(await names(shopper().lt('price', 40).and(shopper().gt('price', 15)))).toEqual([
      'Gamma 50%_Tee',
      'beta mug',
    ])
    expect(await names(shopper().lt('price', 40).not(shopper().contains('name', 'mug')))).toEqual([
      'Gamma 50%_Tee',
    ])
  })

  it('compares numeric ids and dates', async () => {
    const alpha = (await catalog.admin.products.getProduct(ids.alpha!)).product
    expect(await names(shopper().eq('numericId', alpha.numericId))).toEqual(['Alpha Mug'])
    expect(await names(shopper().gt('numericId', Number(alpha.numericId)).lt('price', 25))).toEqual(
      ['beta mug'],
    )
    expect((await shopper().ge('createdDate', alpha.createdDate!).find()).totalCount).toBe(4)
    expect((await shopper().lt('lastUpdated', new Date('2000-01-01')).find()).totalCount).toBe(0)
  })

  it('shows hidden products to elevated callers only', async () => {
    expect((await shopper().find()).totalCount).toBe(4)
    expect(await names(shopper().eq('visible', false))).toEqual([])
    expect((await admin().find()).totalCount).toBe(5)
    expect(await names(admin().eq('visible', false))).toEqual(['Delta Cap'])
  })

  it('sorts, pages, walks pages with next() and for await', async () => {
    const sorted = await admin().descending('price').find()
    expect(sorted.items.map((p) => p.priceData?.price)).toEqual([50, 40, 30, 20, 10])
    const bySku = await admin().ascending('sku', 'name').find()
    expect(bySku.items.map((p) => p.name)).toEqual([
      'Delta Cap',
      'Epsilon',
      'Gamma 50%_Tee',
      'Alpha Mug',
      'beta mug',
    ])

    const first = await admin().ascending('price').limit(2).find()
    expect(first).toMatchObject({ length: 2, totalCount: 5, totalPages: 3, currentPage: 0 })
    expect(first.hasNext()).toBe(true)
    const second = await first.next()
    expect(second.items.map((p) => p.priceData?.price)).toEqual([30, 40])
    expect((await second.prev()).items.map((p) => p.name)).toEqual(['Alpha Mug', 'beta mug'])
    const last = await second.next()
    expect(last.items).toHaveLength(1)
    expect(last.hasNext()).toBe(false)

    const walked: string[] = []
    for await (const product of shopper().ascending('name').limit(1)) walked.push(product.name!)
    expect(walked).toEqual(['Alpha Mug', 'beta mug', 'Epsilon', 'Gamma 50%_Tee'])
    expect((await admin().skip(4).find()).items.map((p) => p.name)).toEqual(['Epsilon'])
  })

  it('falls back from GET to POST for a long query, and answers the same', async () => {
    const methods: string[] = []
    const spy: typeof fetch = (input, init) => {
      methods.push(init?.method ?? 'GET')
      return fetch(input, init)
    }
    const client = createClient({
      modules: { products },
      auth: catalog.admin.auth,
      baseUrl: catalog.platform.baseUrl,
      fetch: spy,
    })
    const many = Array.from(
      { length: 300 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const page = await client.products
      .queryProducts()
      .in('id', [...many, ids.beta, ids.delta])
      .find()
    expect(methods).toEqual(['POST'])
    expect(page.items.map((p) => p.name).sort()).toEqual(['Delta Cap', 'beta mug'])
    await client.products.queryProducts().in('id', [ids.beta]).find()
    expect(methods).toEqual(['POST', 'GET'])
  })

  it('reads a legacy filter and sort given as JSON text', async () => {
    const response = await fetch(
      `${catalog.platform.baseUrl}/stores-reader/v1/products/query-platformized`,
      {
        method: 'POST',
        headers: { authorization: catalog.platform.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: {
            filter: '{"price":{"$gte":40}}',
            sort: '[{"fieldName":"price","order":"DESC"}]',
          },
        }),
      },
    )
    const body = (await response.json()) as { products: Product[]; metadata: object }
    expect(body.products.map((p) => p.name)).toEqual(['Epsilon', 'Delta Cap'])
    expect(body.metadata).toEqual({ count: 2, offset: 0, total: 2 })
  })

  it('answers 400 naming the field for bad filters, sorts and paging', async () => {
    const cases: [QueryBuilder<Product>, string][] = [
      [shopper().eq('colour', 'red'), 'query.filter.colour'],
      [shopper().eq('price', 'cheap'), 'query.filter.price'],
      [shopper().hasSome('name', ['a']), 'query.filter.name'],
      [shopper().ascending('media'), 'query.sort[0].fieldName'],
      [shopper().limit(101), 'query.paging.limit'],
      [shopper().limit(0), 'query.paging.limit'],
      [shopper().skip(-1), 'query.paging.offset'],
    ]
    for (const [query, field] of cases) {
      const error = await rejection(query.find())
      expect(error).toMatchObject({ status: 400, kind: 'validation' })
      expect(violatedFields(error)).toEqual([field])
    }
  })

  it('treats SQL in a value as data and SQL as a field name as an unknown field', async () => {
    const evil = "x' OR '1'='1'; DROP TABLE products; --"
    expect((await shopper().eq('name', evil).find()).items).toEqual([])
    expect((await shopper().contains('name', evil).find()).items).toEqual([])
    const error = await rejection(shopper().eq(`name' OR 1=1 --`, 'x').find())
    expect(violatedFields(error)).toEqual([`query.filter.name' OR 1=1 --`])
    expect((await admin().find()).totalCount).toBe(5)
  })

  it('bounds the width of filters and the length of lists: a 400, never a 500', async () => {
    const ask = async (path: string, filter: unknown) => {
      const response = await fetch(`${catalog.platform.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: catalog.platform.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ query: { filter, paging: { limit: 100 } } }),
      })
      const body = (await response.json()) as {
        products?: Product[]
        details?: { validationError?: { fieldViolations: { field: string }[] } }
      }
      return {
        status: response.status,
        fields: body.details?.validationError?.fieldViolations.map((v) => v.field),
        names: body.products?.map((p) => p.name).sort(),
      }
    }
    const unknown = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    const PATHS = [
      '/stores-reader/v1/products/query-platformized',
      '/stores-reader/v1/variants/query',
      '/v2/collections/query',
    ]
    for (const path of PATHS) {
      const wide = [
        [{ $or: unknown(999).map((id) => ({ id })) }, 'query.filter.$or'],
        [{ $and: unknown(1500).map((id) => ({ id: { $ne: id } })) }, 'query.filter.$and'],
        [
          {
            $or: [
              { $and: unknown(60).map((id) => ({ id })) },
              { $or: unknown(60).map((id) => ({ id })) },
            ],
          },
          'query.filter',
        ],
        [{ id: { $in: unknown(1001) } }, 'query.filter.id'],
        [{ $or: [{ id: { $in: unknown(600) } }, { id: { $in: unknown(600) } }] }, 'query.filter'],
      ] as const
      for (const [filter, field] of wide) {
        const answer = await ask(path, filter)
        expect(answer, `${path} ${field}`).toMatchObject({ status: 400, fields: [field] })
      }
      expect((await ask(path, { id: { $in: unknown(1000) } })).status, path).toBe(200)
    }
    // Lists of collections compile to one IN, whatever their length.
    const many = [...unknown(998), ids.c1!, ids.c2!]
    expect(await ask(PATHS[0]!, { 'collections.id': { $hasAll: many } })).toMatchObject({
      status: 200,
      names: [],
    })
    expect(await ask(PATHS[0]!, { 'collections.id': { $hasSome: many } })).toMatchObject({
      status: 200,
      names: ['Alpha Mug', 'Gamma 50%_Tee', 'beta mug'],
    })
    const both = { 'collections.id': { $hasAll: [ids.c1!, ids.c2!, ids.c1!] } }
    expect(await ask(PATHS[0]!, both)).toMatchObject({ status: 200, names: ['beta mug'] })
    expect((await ask(PATHS[1]!, { 'collections.id': { $hasAll: many } })).status).toBe(200)
  })

  it('needs an identity: no token is a 401', async () => {
    expect(await rejection(catalog.nobody.products.queryProducts().find())).toMatchObject({
      status: 401,
    })
  })
})
