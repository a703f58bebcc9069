import { createClient, collections } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

describe.each(DIALECTS)('collections on %s', (dialect) => {
  let catalog: CatalogPlatform
  let mug: string
  let cap: string
  let secret: string

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    const writer = catalog.admin.catalogWriter
    mug = (await writer.createProduct({ name: 'Mug' })).product.id
    cap = (await writer.createProduct({ name: 'Cap' })).product.id
    secret = (await writer.createProduct({ name: 'Secret', visible: false })).product.id
  })
  afterAll(() => catalog.close())

  it('creates a collection, reads it by id and by slug (v1 and v2), counts its products', async () => {
    const writer = catalog.admin.catalogWriter
    const { collection } = await writer.createCollection({
      name: 'Summer Sale',
      description: 'Hot',
      media: { items: [{ image: { url: 'https://img.test/s.jpg', width: 10, height: 10 } }] },
    })
    expect(collection).toEqual({
      id: expect.any(String),
      name: 'Summer Sale',
      slug: 'summer-sale',
      description: 'Hot',
      visible: true,
      numberOfProducts: 0,
      media: {
        mainMedia: collection.media!.items![0],
        items: [
          {
            id: expect.any(String),
            image: { url: 'https://img.test/s.jpg', width: 10, height: 10 },
          },
        ],
      },
      lastUpdated: expect.any(Date),
    })
    await writer.addProductsToCollection(collection.id, [mug, secret])
    await writer.addProductsToCollection(collection.id, [mug, cap])
    const viaV2 = await catalog.visitor.collections.getCollection(collection.id)
    expect(viaV2).toMatchObject({ id: collection.id, numberOfProducts: 2 })
    expect((await catalog.admin.collections.getCollection(collection.id)).numberOfProducts).toBe(3)
    expect(
      (await catalog.visitor.collections.getCollectionBySlug('summer-sale')).collection.id,
    ).toBe(collection.id)
    expect((await catalog.visitor.products.getCollectionBySlug('summer-sale')).collection.id).toBe(
      collection.id,
    )
    const { product } = await catalog.visitor.products.getProduct(mug)
    expect(product.collectionIds).toEqual([collection.id])

    await writer.removeProductsFromCollection(collection.id, [mug, 'not-a-member'])
    await writer.removeProductsFromCollection(collection.id, [mug])
    expect((await catalog.admin.collections.getCollection(collection.id)).numberOfProducts).toBe(2)
    expect((await catalog.admin.products.getProduct(mug)).product.collectionIds).toEqual([])
  })

  it('suffixes a slug made from a name, refuses a duplicate explicit slug with 409', async () => {
    const writer = catalog.admin.catalogWriter
    const first = (await writer.createCollection({ name: 'Gifts' })).collection
    const second = (await writer.createCollection({ name: 'Gifts!' })).collection
    expect([first.slug, second.slug]).toEqual(['gifts', 'gifts-2'])
    expect(
      await rejection(writer.createCollection({ name: 'Other', slug: 'gifts' })),
    ).toMatchObject({ status: 409, code: 'DUPLICATE_SLUG' })
    expect(await rejection(writer.updateCollection(second.id, { slug: 'gifts' }))).toMatchObject({
      status: 409,
    })
  })

  it('updates and deletes a collection; hidden collections exist only for elevated callers', async () => {
    const writer = catalog.admin.catalogWriter
    const { collection } = await writer.createCollection({ name: 'Drafts', visible: false })
    expect(await rejection(catalog.visitor.collections.getCollection(collection.id))).toMatchObject(
      { status: 404 },
    )
    expect(await rejection(catalog.visitor.products.getCollectionBySlug('drafts'))).toMatchObject({
      status: 404,
    })
    const updated = await writer.updateCollection(collection.id, {
      name: 'Winter',
      slug: 'winter',
      visible: true,
    })
    expect(updated.collection).toMatchObject({ name: 'Winter', slug: 'winter', visible: true })
    expect((await catalog.visitor.collections.getCollectionBySlug('winter')).collection.name).toBe(
      'Winter',
    )
    await writer.deleteCollection(collection.id)
    expect(await rejection(catalog.admin.collections.getCollection(collection.id))).toMatchObject({
      status: 404,
    })
    expect(await rejection(writer.deleteCollection(collection.id))).toMatchObject({ status: 404 })
    expect(await rejection(writer.updateCollection('nope', { name: 'x' }))).toMatchObject({
      status: 404,
    })
  })

  it('queries collections with the builder, GET and its POST fallback', async () => {
    const writer = catalog.admin.catalogWriter
    for (const name of ['Alpha', 'beta', 'Gamma'])
      await writer.createCollection({ name: `Q ${name}` })
    await writer.createCollection({ name: 'Q Hidden', visible: false })
    const query = () => catalog.visitor.collections.queryCollections().startsWith('name', 'q ')
    const page = await query().ascending('name').limit(2).find()
    expect(page.items.map((c) => c.name)).toEqual(['Q Alpha', 'Q beta'])
    expect(page.totalCount).toBe(3)
    expect((await page.next()).items.map((c) => c.name)).toEqual(['Q Gamma'])
    expect(
      (await catalog.admin.collections.queryCollections().startsWith('name', 'Q').find())
        .totalCount,
    ).toBe(4)
    expect((await query().eq('visible', false).find()).items).toEqual([])

    const methods: string[] = []
    const client = createClient({
      modules: { collections },
      auth: catalog.admin.auth,
      baseUrl: catalog.platform.baseUrl,
      fetch: (input, init) => (methods.push(init?.method ?? 'GET'), fetch(input, init)),
    })
    const slugs = Array.from({ length: 400 }, (_, i) => `slug-${i}`)
    const fallback = await client.collections
      .queryCollections()
      .in('slug', [...slugs, 'q-gamma'])
      .find()
    expect(methods).toEqual(['POST'])
    expect(fallback.items.map((c) => c.name)).toEqual(['Q Gamma'])

    const bad = await rejection(
      catalog.visitor.collections.queryCollections().eq('productIds', 'x').find(),
    )
    expect(violatedFields(bad)).toEqual(['query.filter.productIds'])
  })

  it('refuses bad collection input and unknown products with the right status', async () => {
    const writer = catalog.admin.catalogWriter
    expect(violatedFields(await rejection(writer.createCollection({})))).toEqual([
      'collection.name',
    ])
    expect(violatedFields(await rejection(writer.createCollection({ name: '   ' })))).toEqual([
      'collection.name',
    ])
    expect(
      violatedFields(await rejection(writer.createCollection({ name: 'x', slug: 'has space' }))),
    ).toEqual(['collection.slug'])
    const { collection } = await writer.createCollection({ name: 'Strict' })
    expect(
      violatedFields(await rejection(writer.addProductsToCollection(collection.id, []))),
    ).toEqual(['productIds'])
    expect(
      await rejection(writer.addProductsToCollection(collection.id, [mug, 'ghost'])),
    ).toMatchObject({ status: 404, message: 'Products not found: ghost' })
    expect(await rejection(writer.addProductsToCollection('nope', [mug]))).toMatchObject({
      status: 404,
    })
    expect((await catalog.admin.collections.getCollection(collection.id)).numberOfProducts).toBe(0)
  })

  it('emits collection events inside the writes', async () => {
    const writer = catalog.admin.catalogWriter
    const before = (await catalog.events()).length
    const { collection } = await writer.createCollection({ name: 'Evented' })
    await writer.updateCollection(collection.id, { description: 'now described' })
    await writer.addProductsToCollection(collection.id, [cap])
    await writer.addProductsToCollection(collection.id, [cap])
    await writer.deleteCollection(collection.id)
    const mine = (await catalog.events()).slice(before)
    expect(mine.map((e) => [e.eventType.split('.').pop(), e.payload.changedFields])).toEqual([
      ['CollectionCreated', undefined],
      ['CollectionChanged', ['description']],
      ['ProductChanged', ['collectionIds']],
      ['CollectionChanged', ['numberOfProducts']],
      ['CollectionDeleted', undefined],
    ])
    expect(mine[0]!.payload).toEqual({
      collection_Id: collection.id,
      name: 'Evented',
      media: { items: [] },
      slug: 'evented',
      visible: true,
      originatedFromVersion: 'V1_CATALOG',
    })
    expect(mine[0]!.identity).toEqual({ identityType: 'WIX_USER', wixUserId: expect.any(String) })
  })
})
