import {
  createClient,
  currentCart,
  media,
  OAuthStrategy,
  products,
  STORES_APP_ID,
} from '@vitrine/client'
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
import { DEMO_PRODUCTS } from '../../seed/demo-collections.js'
import { mediaItem, productImages } from '../../seed/demo-images.js'

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
    return { a: cartOf(shopA, auth), b: cartOf(shopB, same), auth: same }
  }
  /** The cart as shop B answers it, before any client decodes it. */
  async function wireCart(auth: ReturnType<typeof OAuthStrategy>) {
    const response = await fetch(`${shopB.baseUrl}/ecom/v1/carts/current`, {
      headers: { authorization: auth.getTokens().accessToken.value },
    })
    return ((await response.json()) as { cart: { lineItems: { image?: unknown }[] } }).cart
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

  it("answers the platform's own pictures with their media id, on the public URL configured now", async () => {
    const own = await insertProduct(db(), { media: picture('/media/tee-1.svg') })
    const merchant = await insertProduct(db(), { media: picture('https://img.test/a.jpg') })
    const { a, b, auth } = await cartWith(own.id, merchant.id)
    // The provider's media objects, which the client makes `wix:image://` references of; a
    // merchant's picture has no media id, and the client keeps its URL.
    const own800 = 'wix:image://v1/tee-1.svg#originWidth=800&originHeight=600'
    expect(await images(a)).toEqual([own800, 'https://img.test/a.jpg'])
    expect(await images(b)).toEqual([own800, 'https://img.test/a.jpg'])
    expect((await wireCart(auth)).lineItems.map((line) => line.image)).toEqual([
      { id: 'tee-1.svg', url: 'https://b.shop.test/api/media/tee-1.svg', width: 800, height: 600 },
      { url: 'https://img.test/a.jpg', width: 800, height: 600 },
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
      'wix:image://v1/mug-2.svg#originWidth=800&originHeight=600',
      'https://img.test/media/mug-2.svg',
    ])
  })

  it("gives a reference whose URL, by the client's media helpers on the platform, it serves", async () => {
    const spec = [...productImages(DEMO_PRODUCTS[0]!).values()][0]!
    const item = mediaItem(spec)
    const product = await insertProduct(db(), { media: { items: [item] } })
    const { b } = await cartWith(product.id)
    const [image] = await images(b)
    const id = `${spec.id}.svg`
    expect(image).toBe(
      `wix:image://v1/${id}/${encodeURIComponent(item.image.altText)}#originWidth=800&originHeight=800`,
    )
    const onPlatform = createClient({ baseUrl: shopB.baseUrl }).use(media)
    const picture = onPlatform.getImageUrl(image!)
    expect(picture).toEqual({
      id,
      url: `${shopB.baseUrl}/media/${id}`,
      width: 800,
      height: 800,
      altText: item.image.altText,
      filename: item.image.altText,
    })
    // An SVG is not scaled by the image service: the scaled URL is the picture's own.
    expect(onPlatform.getScaledToFillImageUrl(image!, 200, 200)).toBe(picture.url)
    const served = await fetch(picture.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await served.text()).toContain(`<title>${spec.label}`)
    // The official client's helpers give the provider's URL of the same reference.
    expect(media.getImageUrl(image!).url).toBe(`https://static.wixstatic.com/media/${id}`)

    // Store variants carry the picture in the same form.
    const catalog = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: 'demo-storefront' }),
      baseUrl: shopB.baseUrl,
    })
    const { variants } = await catalog.products.queryStoreVariants({
      filter: { productId: product.id },
    })
    expect(variants.map((variant) => variant.media?.image)).toEqual([image])
  })
})
