import { createClient, currentCart, OAuthStrategy, STORES_APP_ID } from '@vitrine/client'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../db/migrations/index.js'
import {
  DIALECTS,
  startPlatform,
  testDatabaseUrl,
  type TestPlatform,
} from '../../test-support/platform.js'
import { insertProduct } from '../../test-support/catalog-fixtures.js'

const picture = (url: string) => ({
  items: [{ id: 'm1', mediaType: 'image', image: { url, width: 800, height: 600 } }],
})

describe.each(DIALECTS)('cart line pictures on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof testDatabaseUrl>>
  let shopA: TestPlatform
  let shopB: TestPlatform
  const db = () => shopA.app.platform.db.kysely
  const cartOf = (platform: TestPlatform, auth: ReturnType<typeof OAuthStrategy>) =>
    createClient({ modules: { currentCart }, auth, baseUrl: platform.baseUrl }).currentCart
  /** A visitor of shop A with one line of each product, and the same visitor at shop B. */
  async function cartWith(...productIds: string[]) {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    await cartOf(shopA, auth).addToCurrentCart({
      lineItems: productIds.map((catalogItemId) => ({
        quantity: 1,
        catalogReference: { catalogItemId, appId: STORES_APP_ID },
      })),
    })
    const same = OAuthStrategy({ clientId: 'demo-storefront' })
    same.setTokens(auth.getTokens())
    return { a: cartOf(shopA, auth), b: cartOf(shopB, same) }
  }
  const images = async (cart: ReturnType<typeof cartOf>) =>
    (await cart.getCurrentCart()).lineItems.map((line) => line.image)

  beforeAll(async () => {
    database = await testDatabaseUrl(dialect)
    const databaseUrl = database.url
    shopA = await startPlatform(dialect, { databaseUrl, publicUrl: 'https://a.shop.test' })
    shopB = await startPlatform(dialect, { databaseUrl, publicUrl: 'https://b.shop.test/api' })
  })
  afterAll(async () => {
    await shopA?.close()
    await shopB?.close()
    await database?.cleanup()
  })

  it("answers the platform's own pictures on the public URL configured now", async () => {
    const own = await insertProduct(db(), { media: picture('/media/tee-1.svg') })
    const merchant = await insertProduct(db(), { media: picture('https://img.test/a.jpg') })
    const { a, b } = await cartWith(own.id, merchant.id)
    expect(await images(a)).toEqual([
      'https://a.shop.test/media/tee-1.svg',
      'https://img.test/a.jpg',
    ])
    expect(await images(b)).toEqual([
      'https://b.shop.test/api/media/tee-1.svg',
      'https://img.test/a.jpg',
    ])
    const stored = await db().selectFrom('cart_line_items').select('image').execute()
    expect(stored.map((row) => JSON.parse(row.image!).url).sort()).toEqual([
      '/media/tee-1.svg',
      'https://img.test/a.jpg',
    ])
  })

  it('gives lines stored with an absolute URL of its own picture the path back (0016)', async () => {
    const own = await insertProduct(db(), { media: picture('/media/mug-2.svg') })
    const merchant = await insertProduct(db(), {
      media: picture('https://img.test/media/mug-2.svg'),
    })
    const { b } = await cartWith(own.id, merchant.id)
    // As lines were stored before: the catalog's path made absolute on the public URL of then.
    for (const id of [own.id, merchant.id]) {
      const row = await db()
        .selectFrom('cart_line_items')
        .select(['id', 'image'])
        .where('catalog_item_id', '=', id)
        .executeTakeFirstOrThrow()
      const image = JSON.parse(row.image!) as { url: string }
      if (image.url.startsWith('/')) image.url = `http://127.0.0.1:4100${image.url}`
      await db()
        .updateTable('cart_line_items')
        .set({ image: JSON.stringify(image) })
        .where('id', '=', row.id)
        .execute()
    }
    expect(await images(b)).toEqual([
      'http://127.0.0.1:4100/media/mug-2.svg',
      'https://img.test/media/mug-2.svg',
    ])

    const names = Object.keys(migrations)
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } })
    const before = names[names.indexOf('0016-line-image-paths') - 1]!
    expect((await migrator.migrateTo(before)).error).toBeUndefined()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await images(b)).toEqual([
      'https://b.shop.test/api/media/mug-2.svg',
      'https://img.test/media/mug-2.svg',
    ])
  })
})
