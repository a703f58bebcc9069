import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../db/migrations/index.js'
import { startCatalog, type CatalogPlatform } from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

const encodeR = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64url')

describe.each(DIALECTS)('stored product views on %s', (dialect) => {
  let catalog: CatalogPlatform
  let token: string
  let tee: string
  let mug: string

  const app = () => catalog.platform.app
  const db = () => app().platform.db.kysely
  const get = async (id: string, query = '') => {
    const res = await app().inject({
      url: `/stores-reader/v1/products/${id}${query}`,
      headers: { authorization: query ? catalog.platform.adminKey : token },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    return res.body
  }
  const stored = async (id: string) =>
    (
      await db()
        .selectFrom('product_views')
        .select('json')
        .where('product_id', '=', id)
        .executeTakeFirst()
    )?.json
  /** The view stored for `id` as text (it is stored as UTF-8 bytes). */
  const storedText = async (id: string) => {
    const json = await stored(id)
    return json && Buffer.from(json).toString('utf8')
  }
  /** The view stored for `id`, once the read that asked for it has had it stored. */
  const storedSoon = async (id: string) => {
    for (let attempt = 0; attempt < 500; attempt++) {
      const json = await storedText(id)
      if (json !== undefined) return json
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`no view stored for ${id}`)
  }
  /** Reads `id` until its view is stored; returns the answer. */
  const readAndStore = async (id: string) => {
    const body = await get(id)
    expect(`{"product":${await storedSoon(id)}}`).toBe(body)
    return body
  }

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    const res = await app().inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: { clientId: 'demo-storefront', grantType: 'anonymous' },
    })
    token = res.json<{ access_token: string }>().access_token
    const writer = catalog.admin.catalogWriter
    tee = (
      await writer.createProduct({
        name: 'Tee',
        priceData: { price: 20 },
        costAndProfitData: { itemCost: 8 },
        manageVariants: true,
        productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      })
    ).product.id
    await writer.addProductMedia(tee, [{ url: 'https://img.test/tee.jpg' } as never])
    mug = (await writer.createProduct({ name: 'Mug', priceData: { price: 9 } })).product.id
  })
  afterAll(() => catalog.close())

  it('stores a view once read, then answers with it exactly as it answered before', async () => {
    const first = await readAndStore(tee)
    expect(JSON.parse(first).product).toMatchObject({ id: tee, name: 'Tee' })
    expect(await get(tee)).toBe(first)
  })

  it('sends non-ASCII text stored as bytes exactly as built', async () => {
    const { product } = await catalog.admin.catalogWriter.createProduct({
      name: 'Crème brûlée set — 2×',
      description: '<p>Größe ✓ · 日本 · 🍮</p>',
      priceData: { price: 12 },
    })
    const first = await readAndStore(product.id!)
    expect(JSON.parse(first).product).toMatchObject({
      name: 'Crème brûlée set — 2×',
      description: '<p>Größe ✓ · 日本 · 🍮</p>',
    })
    expect(await get(product.id!)).toBe(first)
    await catalog.admin.catalogWriter.deleteProduct(product.id!)
  })

  it('rebuilds the views of a database that stored them as text (migration 0013)', async () => {
    const before = await readAndStore(tee)
    const migrator = new Migrator({
      db: db(),
      provider: { getMigrations: async () => migrations },
    })
    expect((await migrator.migrateTo('0012-product-views')).error).toBeUndefined()
    const jsonType = async () => {
      const tables = await db().introspection.getTables()
      const views = tables.find((t) => t.name === 'product_views')!
      return views.columns.find((c) => c.name === 'json')!.dataType.toLowerCase()
    }
    expect(await jsonType()).toBe('text')
    await db()
      .insertInto('product_views')
      .values({ product_id: tee, base: 'old', json: 'stale' as never })
      .execute()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await jsonType()).toBe(dialect === 'postgres' ? 'bytea' : 'blob')
    expect(await stored(tee)).toBeUndefined()
    expect(await readAndStore(tee)).toBe(before)
  })

  const changes: [string, (id: string) => Promise<unknown>, (product: any) => unknown][] = [
    [
      'the product',
      (id) => catalog.admin.catalogWriter.updateProduct(id, { name: 'Tee 2' }),
      (product) => product.name,
    ],
    [
      'a variant',
      (id) =>
        catalog.admin.catalogWriter.updateProductVariants(id, [
          { choices: { Size: 'M' }, price: 31 },
        ]),
      (product) => product.priceRange,
    ],
    [
      'a collection membership',
      async (id) => {
        const writer = catalog.admin.catalogWriter
        const { collection } = await writer.createCollection({ name: `For ${id}` })
        await writer.addProductsToCollection(collection.id!, [id])
      },
      (product) => product.collectionIds,
    ],
    [
      'a row changed by plain SQL',
      (id) =>
        db().updateTable('variants').set({ in_stock: 0 }).where('product_id', '=', id).execute(),
      (product) => product.stock,
    ],
  ]

  it.each(changes)('drops the stored view when %s changes', async (_what, change, part) => {
    const before = JSON.parse(await readAndStore(tee)).product
    await change(tee)
    expect(await stored(tee)).toBeUndefined()
    const after = JSON.parse(await readAndStore(tee)).product
    expect(part(after)).not.toEqual(part(before))
  })

  it('drops the stored view of a product that leaves a collection, or whose collection goes', async () => {
    const writer = catalog.admin.catalogWriter
    const { collection } = await writer.createCollection({ name: 'Mugs' })
    await writer.addProductsToCollection(collection.id!, [mug])
    expect(JSON.parse(await readAndStore(mug)).product.collectionIds).toEqual([collection.id])
    await writer.removeProductsFromCollection(collection.id!, [mug])
    expect(JSON.parse(await readAndStore(mug)).product.collectionIds).toEqual([])
    await writer.addProductsToCollection(collection.id!, [mug])
    await readAndStore(mug)
    await writer.deleteCollection(collection.id!)
    expect(await stored(mug)).toBeUndefined()
    expect(JSON.parse(await get(mug)).product.collectionIds).toEqual([])
  })

  it('never stores nor serves a merchant view', async () => {
    await readAndStore(mug)
    const merchant = JSON.parse(await get(mug, '?includeMerchantSpecificData=true')).product
    expect(merchant.costAndProfitData).toBeDefined()
    expect(JSON.parse((await storedText(mug))!).costAndProfitData).toBeUndefined()
  })

  it('answers a page of a query alike from stored and built views', async () => {
    const query = { query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 10 } } }
    const page = async () => {
      const res = await app().inject({
        url: `/stores-reader/v1/products/query-platformized?.r=${encodeR(query)}`,
        headers: { authorization: token },
      })
      expect(res.statusCode).toBe(200)
      return res.body
    }
    await db().deleteFrom('product_views').execute()
    const built = await page()
    expect(JSON.parse(built).products.map((p: { id: string }) => p.id)).toEqual([mug, tee])
    await storedSoon(mug)
    await storedSoon(tee)
    expect(await page()).toBe(built)
    await db().deleteFrom('product_views').where('product_id', '=', tee).execute()
    expect(await page()).toBe(built)
  })
})
