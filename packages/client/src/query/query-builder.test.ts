import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Product } from '../catalog/types.js'
import { createClient } from '../client/create-client.js'
import { MAX_QUERY_LENGTH } from '../http/pipeline.js'
import { spyFetch, type Recorded } from '../test-support/spy-fetch.js'
import { collections } from '../catalog/collections.js'
import { products } from '../catalog/products.js'

type Reply = { body?: unknown }

function setup(
  responder: (request: Recorded, index: number) => Reply | Error = () => ({ body: {} }),
) {
  const spy = spyFetch(responder)
  const client = createClient({
    modules: { products, collections },
    fetch: spy,
    baseUrl: 'https://api.test',
  })
  return { spy, client, query: () => client.products.queryProducts() }
}

/** The query a request carried, whether as `.r` or as a POST body. */
const sent = (request: Recorded) =>
  (request.r ?? request.body) as { query: Record<string, unknown> }

describe('query building', () => {
  it('sends the default query as .r: {"query":{"filter":{},"paging":{"offset":0,"limit":50}}}', async () => {
    const { spy, query } = setup()
    await query().find()
    expect(spy.last.method).toBe('GET')
    expect(spy.last.url.search).toBe(
      '?.r=eyJxdWVyeSI6eyJmaWx0ZXIiOnt9LCJwYWdpbmciOnsib2Zmc2V0IjowLCJsaW1pdCI6NTB9fX0',
    )
    expect(JSON.stringify(spy.last.r)).toBe(
      '{"query":{"filter":{},"paging":{"offset":0,"limit":50}}}',
    )
  })

  const when = new Date('2026-01-01T00:00:00.000Z')
  it.each([
    ['eq', (q: QB) => q.eq('name', 'Mug'), { name: 'Mug' }],
    ['ne', (q: QB) => q.ne('name', 'Mug'), { name: { $ne: 'Mug' } }],
    ['gt', (q: QB) => q.gt('price', 5), { price: { $gt: 5 } }],
    ['ge', (q: QB) => q.ge('price', 5), { price: { $gte: 5 } }],
    ['lt', (q: QB) => q.lt('lastUpdated', when), { lastUpdated: { $lt: when.toISOString() } }],
    ['le', (q: QB) => q.le('price', 5), { price: { $lte: 5 } }],
    ['in', (q: QB) => q.in('id', ['a', 'b']), { id: { $in: ['a', 'b'] } }],
    [
      'hasSome',
      (q: QB) => q.hasSome('collectionIds', ['c1']),
      { collectionIds: { $hasSome: ['c1'] } },
    ],
    [
      'hasAll',
      (q: QB) => q.hasAll('collectionIds', ['c1', 'c2']),
      { collectionIds: { $hasAll: ['c1', 'c2'] } },
    ],
    ['startsWith', (q: QB) => q.startsWith('name', 'a'), { name: { $startsWith: 'a' } }],
    ['endsWith', (q: QB) => q.endsWith('name', 'z'), { name: { $endsWith: 'z' } }],
    ['contains', (q: QB) => q.contains('name', 'ug'), { name: { $contains: 'ug' } }],
    ['exists', (q: QB) => q.exists('ribbon'), { ribbon: { $exists: true } }],
    ['exists(false)', (q: QB) => q.exists('ribbon', false), { ribbon: { $exists: false } }],
    ['between', (q: QB) => q.between('price', 1, 10), { price: { $gte: 1, $lt: 10 } }],
    ['isEmpty', (q: QB) => q.isEmpty('brand'), { brand: { $exists: false } }],
    ['isNotEmpty', (q: QB) => q.isNotEmpty('brand'), { brand: { $exists: true } }],
  ])('%s', async (_name, refine, filter) => {
    const { spy, query } = setup()
    await refine(query()).find()
    expect(sent(spy.last).query.filter).toEqual(filter)
  })

  it('merges conditions on different fields into one filter object', () => {
    const { query } = setup()
    expect(query().startsWith('name', 'a').gt('price', 5).query.filter).toEqual({
      name: { $startsWith: 'a' },
      price: { $gt: 5 },
    })
  })

  it('merges the operators of two conditions on one field', () => {
    const { query } = setup()
    expect(query().gt('price', 1).lt('price', 9).query.filter).toEqual({
      price: { $gt: 1, $lt: 9 },
    })
  })

  it('puts a true clash on one field into $and', () => {
    const { query } = setup()
    expect(query().eq('price', 5).gt('price', 3).query.filter).toEqual({
      price: 5,
      $and: [{ price: { $gt: 3 } }],
    })
    expect(
      query().gt('price', 1).gt('price', 2).lt('price', 9).gt('price', 3).query.filter,
    ).toEqual({
      price: { $gt: 1, $lt: 9 },
      $and: [{ price: { $gt: 2 } }, { price: { $gt: 3 } }],
    })
  })

  it('combines queries with and / or / not', () => {
    const { query } = setup()
    const cheap = query().lt('price', 10)
    const red = query().eq('ribbon', 'Red')
    expect(cheap.and(red).query.filter).toEqual({
      $and: [{ price: { $lt: 10 } }, { ribbon: 'Red' }],
    })
    expect(cheap.or(red).query.filter).toEqual({
      $or: [{ price: { $lt: 10 } }, { ribbon: 'Red' }],
    })
    expect(cheap.not(red).query.filter).toEqual({ price: { $lt: 10 }, $not: { ribbon: 'Red' } })
    expect(cheap.not(red).not(query().eq('brand', 'X')).query.filter).toEqual({
      price: { $lt: 10 },
      $not: { ribbon: 'Red' },
      $and: [{ $not: { brand: 'X' } }],
    })
  })

  it('sorts by fields in call order', async () => {
    const { spy, query } = setup()
    await query().ascending('name', 'price').descending('lastUpdated').find()
    expect(sent(spy.last).query.sort).toEqual([
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'price', order: 'ASC' },
      { fieldName: 'lastUpdated', order: 'DESC' },
    ])
  })

  it('limit keeps the offset and skip keeps the limit', () => {
    const { query } = setup()
    expect(query().skip(20).limit(10).query.paging).toEqual({ offset: 20, limit: 10 })
    expect(query().limit(10).skip(20).query.paging).toEqual({ offset: 20, limit: 10 })
    expect(query().skip(5).query.paging).toEqual({ offset: 5, limit: 50 })
    expect(query().limit(7).query.paging).toEqual({ offset: 0, limit: 7 })
  })

  it('is immutable', () => {
    const { query } = setup()
    const base = query()
    base.eq('name', 'x').limit(3).ascending('name')
    expect(base.query).toEqual({ filter: {}, paging: { offset: 0, limit: 50 } })
  })
})

type QB = ReturnType<ReturnType<typeof setup>['query']>

/** A catalog of `total` products served page by page, as the server would. */
const catalog =
  (total: number, reported = total) =>
  (request: Recorded, index: number) => {
    // A walk that never ends fails here instead of hanging the test.
    if (index >= 10) return new Error('runaway paging')
    const { offset = 0, limit = 50 } = (sent(request).query.paging ?? {}) as {
      offset?: number
      limit?: number
    }
    const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      id: `p${offset + i}`,
    }))
    return { body: { products: ids, metadata: { count: ids.length, offset, total: reported } } }
  }

describe('result pages', () => {
  it('exposes paging metadata and moves to next and previous pages', async () => {
    const { spy, query } = setup(catalog(25))
    const page = await query().limit(10).skip(10).find()
    expect(page).toMatchObject({
      totalCount: 25,
      pageSize: 10,
      currentPage: 1,
      totalPages: 3,
      length: 10,
    })
    expect(page.items[0]).toEqual({ id: 'p10' })
    expect(page.hasNext()).toBe(true)
    expect(page.hasPrev()).toBe(true)

    const last = await page.next()
    expect(sent(spy.last).query.paging).toEqual({ offset: 20, limit: 10 })
    expect(last).toMatchObject({ currentPage: 2, length: 5 })
    expect(last.hasNext()).toBe(false)

    const first = await page.prev()
    expect(sent(spy.last).query.paging).toEqual({ offset: 0, limit: 10 })
    expect(first.hasPrev()).toBe(false)
  })

  it('prev never goes below offset 0', async () => {
    const { spy, query } = setup(catalog(25))
    const page = await query().limit(10).skip(4).find()
    await page.prev()
    expect(sent(spy.last).query.paging).toEqual({ offset: 0, limit: 10 })
  })

  it('for await walks every item of 3 pages with exactly 3 requests', async () => {
    const { spy, query } = setup(catalog(5))
    const ids: unknown[] = []
    for await (const product of query().gt('price', 10).limit(2)) ids.push(product.id)
    expect(ids).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'])
    expect(spy.requests).toHaveLength(3)
    expect(spy.requests.map((r) => sent(r).query.paging)).toEqual([
      { offset: 0, limit: 2 },
      { offset: 2, limit: 2 },
      { offset: 4, limit: 2 },
    ])
    expect(
      spy.requests.every((r) => JSON.stringify(sent(r).query.filter) === '{"price":{"$gt":10}}'),
    ).toBe(true)
  })

  it('stops on an empty page even if the total promises more', async () => {
    const { spy, query } = setup(catalog(3, 100))
    const ids: unknown[] = []
    for await (const product of query().limit(2)) ids.push(product.id)
    expect(ids).toEqual(['p0', 'p1', 'p2'])
    expect(spy.requests).toHaveLength(3)
  })

  it('walks full pages when the server cannot count', async () => {
    const pages = [[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]]
    const { spy, query } = setup((_request, index) => ({
      body: { products: pages[index] ?? [], metadata: { tooManyToCount: true } },
    }))
    const ids: unknown[] = []
    for await (const product of query().limit(2)) ids.push(product.id)
    expect(ids).toEqual(['a', 'b', 'c'])
    expect(spy.requests).toHaveLength(2)
  })

  it('queryCollections pages the same way, with items ← collections', async () => {
    const { spy, client } = setup(() => ({
      body: { collections: [{ id: 'c1' }], metadata: { count: 1, offset: 0, total: 1 } },
    }))
    const ids: unknown[] = []
    for await (const collection of client.collections.queryCollections()) ids.push(collection.id)
    expect(ids).toEqual(['c1'])
    expect(spy.requests).toHaveLength(1)
    expect(spy.last.path).toBe('/v2/collections/query')
  })
})

describe('GET → POST fallback', () => {
  it('re-sends a query whose .r passes 4000 characters as a POST, and still decodes the response', async () => {
    const iso = '2026-05-06T07:08:09.000Z'
    const { spy, query } = setup(() => ({
      body: { products: [{ id: 'p1', lastUpdated: iso, weight: 'NaN' }], metadata: { total: 1 } },
    }))
    const ids = Array.from({ length: 200 }, (_, i) => `product-id-${i}`)
    const page = await query().in('id', ids).find()

    expect(spy.last.method).toBe('POST')
    expect(spy.last.path).toBe('/stores-reader/v1/products/query-platformized')
    expect(spy.last.query).toEqual({})
    expect(spy.last.headers['content-type']).toBe('application/json')
    expect(spy.last.body).toEqual({
      query: { filter: { id: { $in: ids } }, paging: { offset: 0, limit: 50 } },
    })
    expect(page.items[0]?.lastUpdated).toEqual(new Date(iso))
    expect(page.items[0]?.weight).toBeNaN()
  })

  it('keeps a GET while the .r query string fits in 4000 characters', async () => {
    const { spy, query } = setup()
    await query()
      .in(
        'id',
        Array.from({ length: 20 }, (_, i) => `product-id-${i}`),
      )
      .find()
    expect(spy.last.method).toBe('GET')
    expect(spy.last.url.search.length - 1).toBeLessThanOrEqual(MAX_QUERY_LENGTH)
  })
})

describe('query object form', () => {
  const reply = () => ({ body: { products: [{ id: 'p1' }], collections: [{ id: 'c1' }] } })

  it.each([
    ['no key', {}, (q: QB) => q],
    [
      'filter, sort and paging',
      {
        filter: { name: { $startsWith: 'Mug' }, price: { $gt: 5 } },
        sort: [{ fieldName: 'price', order: 'DESC' as const }],
        paging: { limit: 12, offset: 24 },
      },
      (q: QB) => q.startsWith('name', 'Mug').gt('price', 5).descending('price').limit(12).skip(24),
    ],
    ['paging alone', { paging: { limit: 3 } }, (q: QB) => q.limit(3)],
  ])(
    'queryProducts(%s) sends it as it is, as the official client does',
    async (_, object, refine) => {
      const { spy, client, query } = setup(reply)
      const page = await client.products.queryProducts(object)
      expect(spy.last.method).toBe('GET')
      // `{ query: {} }` has nothing to encode: the GET carries no `.r`, as the official one.
      if (Object.keys(object).length) expect(sent(spy.last).query).toEqual(object)
      else expect(spy.last.url.search).toBe('')
      expect(page.items).toEqual([{ id: 'p1' }])
      // The builder's request means the same: its defaults made explicit.
      await refine(query()).find()
      expect(sent(spy.last).query).toEqual({
        filter: {},
        ...object,
        paging: { offset: 0, limit: 50, ...('paging' in object ? object.paging : {}) },
      })
    },
  )

  it('resolves with the answer as the official client does, beside the page', async () => {
    const { client } = setup(() => ({
      body: { products: [{ id: 'p1' }], metadata: { count: 1, offset: 0, total: 1 } },
    }))
    const answer = await client.products.queryProducts({ paging: { limit: 1 } })
    expect(answer.products).toEqual([{ id: 'p1' }])
    expect(answer.metadata).toEqual({ count: 1, offset: 0, total: 1 })
    expect(answer.items).toBe(answer.products)
    expect(answer.totalCount).toBe(1)
    expectTypeOf(answer.products).toEqualTypeOf<Product[]>()
    const built = await client.products.queryProducts().find()
    expect(built).not.toHaveProperty('products')
  })

  it('queryCollections(query) sends it as it is, and pages on as the builder', async () => {
    const { spy, client } = setup(reply)
    const page = await client.collections.queryCollections({
      filter: { name: 'Summer' },
      paging: { limit: 1 },
    })
    expect(sent(spy.last).query).toEqual({ filter: { name: 'Summer' }, paging: { limit: 1 } })
    expect(page.items).toEqual([{ id: 'c1' }])
    await page.next()
    expect(sent(spy.last).query).toEqual({
      filter: { name: 'Summer' },
      paging: { offset: 1, limit: 1 },
    })
  })

  it.each([
    ['a key it does not know', { cursorPaging: { limit: 5 } }, 'Invalid query (cursorPaging)'],
    ['a paging key it does not know', { paging: { cursor: 'x' } }, 'Invalid query (cursor)'],
    ['a string', 'name eq Mug', 'Invalid query (not an object): expected { filter?, sort?'],
    ['null', null, 'null'],
    ['a paging that is not an object', { paging: 12 }, 'Invalid query (not an object)'],
  ])('refuses %s, and sends nothing', async (_, object, message) => {
    const { spy, client } = setup()
    const call = (client.products.queryProducts as (query: unknown) => Promise<unknown>)(object)
    await expect(call).rejects.toThrow(TypeError)
    await expect(call).rejects.toThrow(message)
    expect(spy.requests).toHaveLength(0)
  })
})
