import { STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import type { Database } from '../db/database.js'
import {
  DIALECTS,
  startPlatform,
  testDatabaseUrl,
  type TestPlatform,
} from '../test-support/platform.js'

const PUBLIC_URL = 'http://shop.test:4100'

interface Item {
  id: string
  title: string
  image: { url: string; width: number; height: number }
}
interface Option {
  optionType: string
  name: string
  choices: { value: string; description: string; inStock: boolean; media?: { items: Item[] } }[]
}

/** The canonical key, written out independently of the seed's code. */
const canonical = (choices: Record<string, string>) =>
  Object.entries(choices)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('|')

const all = async (db: Database) => ({
  products: await db.kysely.selectFrom('products').selectAll().orderBy('numeric_id').execute(),
  variants: await db.kysely.selectFrom('variants').selectAll().execute(),
  collections: await db.kysely.selectFrom('collections').selectAll().execute(),
  members: await db.kysely.selectFrom('collection_products').selectAll().execute(),
})

describe.each(DIALECTS)('the demo seed on %s', (dialect) => {
  let platform: TestPlatform
  let data: Awaited<ReturnType<typeof all>>
  beforeAll(async () => {
    platform = await startPlatform(dialect, { seed: 'demo', publicUrl: PUBLIC_URL, workers: false })
    data = await all(platform.app.platform.db)
  })
  afterAll(() => platform.close())

  it('has at least 24 products in at least 4 collections, each product in one at least', () => {
    const { products, collections, members } = data
    expect(products.length).toBeGreaterThanOrEqual(24)
    expect(collections.length).toBeGreaterThanOrEqual(4)
    for (const collection of collections)
      expect(members.filter((m) => m.collection_id === collection.id).length).toBeGreaterThan(0)
    for (const product of products)
      expect(
        members.some((m) => m.product_id === product.id),
        product.slug,
      ).toBe(true)
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length)
    expect(new Set(products.map((p) => p.numeric_id)).size).toBe(products.length)
  })

  it('gives every product exactly one variant per combination of choices, keyed canonically', () => {
    for (const product of data.products) {
      const options = JSON.parse(product.product_options) as Option[]
      const variants = data.variants.filter((v) => v.product_id === product.id)
      const combinations = options.reduce((n, option) => n * option.choices.length, 1)
      expect(variants, product.slug).toHaveLength(combinations)
      expect(new Set(variants.map((v) => v.choices_key)).size).toBe(combinations)
      expect(new Set(variants.map((v) => v.id)).size).toBe(combinations)
      for (const variant of variants) {
        const choices = JSON.parse(variant.choices) as Record<string, string>
        expect(variant.choices_key, product.slug).toBe(canonical(choices))
        expect(Object.keys(choices).sort()).toEqual(options.map((o) => o.name).sort())
        for (const option of options)
          expect(option.choices.map((c) => c.description)).toContain(choices[option.name])
      }
      if (options.length === 0)
        expect(variants[0]).toMatchObject({
          id: '00000000-0000-0000-0000-000000000000',
          choices: '{}',
          choices_key: '',
        })
    }
  })

  it('has managed variants with their own prices and stock, and sold-out choices', () => {
    const tee = data.products.find((p) => p.slug === 'everyday-organic-tee')!
    expect(tee).toMatchObject({ manage_variants: 1, ribbon: 'New', in_stock: 1, quantity: null })
    const teeVariants = data.variants.filter((v) => v.product_id === tee.id)
    expect(teeVariants.find((v) => v.choices_key === 'Color=Sage|Size=XS')).toMatchObject({
      track_quantity: 1,
      quantity: 0,
      in_stock: 0,
      sku: 'TEE-SAGE-XS',
    })
    expect(teeVariants.find((v) => v.choices_key === 'Color=White|Size=XL')!.price).toBe(30)
    const white = JSON.parse(teeVariants[0]!.media!) as Item
    expect(white.image.url).toBe('/media/demo-everyday-organic-tee-white.svg')

    const hoodie = data.products.find((p) => p.slug === 'heavyweight-hoodie')!
    const size = (JSON.parse(hoodie.product_options) as Option[]).find((o) => o.name === 'Size')!
    expect(size.choices.find((c) => c.description === 'XXL')!.inStock).toBe(false)
    expect(size.choices.find((c) => c.description === 'M')!.inStock).toBe(true)
    const color = (JSON.parse(hoodie.product_options) as Option[]).find((o) => o.name === 'Color')!
    expect(color).toMatchObject({ optionType: 'color' })
    expect(color.choices[0]).toMatchObject({ value: '#3b3d42', description: 'Charcoal' })
    expect(color.choices[0]!.media!.items[0]!.image.url).toMatch(/charcoal\.svg$/)

    const vase = data.products.find((p) => p.slug === 'ceramic-bud-vase')!
    expect(vase).toMatchObject({ manage_variants: 0, track_inventory: 1, quantity: 0, in_stock: 0 })
  })

  it('has AMOUNT and PERCENT discounts with the discounted price, brands, ribbons, price per unit, a digital product', () => {
    const { products } = data
    for (const product of products) {
      const expected =
        product.discount_type === 'AMOUNT'
          ? product.price - product.discount_value
          : product.discount_type === 'PERCENT'
            ? product.price * (1 - product.discount_value / 100)
            : product.price
      expect(product.discounted_price, product.slug).toBeCloseTo(expected, 2)
    }
    expect(products.find((p) => p.discount_type === 'AMOUNT')).toBeDefined()
    expect(products.find((p) => p.discount_type === 'PERCENT')).toMatchObject({ ribbon: 'Sale' })
    expect(products.filter((p) => p.brand).length).toBe(products.length - 3)
    expect(products.find((p) => p.slug === 'single-origin-coffee-beans')).toMatchObject({
      price_per_unit_data: JSON.stringify({
        totalQuantity: 500,
        totalMeasurementUnit: 'G',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      }),
    })
    const digital = products.filter((p) => p.product_type === 'digital')
    expect(digital.length).toBeGreaterThanOrEqual(1)
    for (const product of digital) expect(product.weight).toBeNull()
    for (const product of products) expect(product.description).toMatch(/^<p>.{40,}/)
  })

  it('seeds the coupons, shipping rules and tax rules', async () => {
    const { kysely } = platform.app.platform.db
    const coupons = await kysely.selectFrom('coupons').selectAll().orderBy('code').execute()
    expect(
      coupons.map(({ code, type, value, minimum_subtotal, active }) => ({
        code,
        type,
        value,
        minimum_subtotal,
        active,
      })),
    ).toEqual([
      { code: 'FREESHIP', type: 'free_shipping', value: 0, minimum_subtotal: null, active: 1 },
      { code: 'SAVE10', type: 'percentage', value: 10, minimum_subtotal: null, active: 1 },
      { code: 'WELCOME5', type: 'amount', value: 5, minimum_subtotal: 30, active: 1 },
    ])
    const shipping = await kysely
      .selectFrom('shipping_rules')
      .selectAll()
      .orderBy('position')
      .execute()
    const byCode = Object.fromEntries(shipping.map((rule) => [rule.code, rule]))
    for (const country of ['US', 'CA', 'GB', 'DE', 'FR', 'IL']) {
      expect(JSON.parse(byCode.standard!.countries)).toContain(country)
      expect(JSON.parse(byCode.express!.countries)).toContain(country)
    }
    expect(byCode.standard).toMatchObject({ free_over: 100, pickup: 0 })
    expect(byCode.worldwide).toMatchObject({ countries: '["*"]', pickup: 0 })
    expect(byCode.pickup).toMatchObject({ pickup: 1, rate: 0 })
    expect(JSON.parse(byCode.pickup!.pickup_address!)).toMatchObject({
      country: 'US',
      city: 'New York',
    })
    const taxes = await kysely.selectFrom('tax_rules').selectAll().execute()
    expect(Object.fromEntries(taxes.map((t) => [t.subdivision ?? t.country, t.rate]))).toEqual({
      'US-NY': 8.875,
      'US-CA': 7.25,
      US: 5,
      GB: 20,
      DE: 19,
      FR: 20,
      IL: 17,
      CA: 5,
    })
  })

  it('answers its pictures on the public URL of the moment, not the one it was seeded with', async () => {
    const pictures = async (on: TestPlatform) => {
      const token = await fetch(`${on.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
      })
      const { access_token } = (await token.json()) as { access_token: string }
      const hoodie = data.products.find((p) => p.slug === 'heavyweight-hoodie')!.id
      const urls: string[] = []
      for (const [path, body] of [
        ['/stores-reader/v1/products/query-platformized?query.paging.limit=100'],
        ['/v2/collections/query'],
        [`/stores-reader/v1/products/${hoodie}`],
        ['/stores-reader/v1/variants/query', { query: { paging: { limit: 100 } } }],
        [
          `/stores-reader/v1/products/${hoodie}/productOptionsAvailability`,
          { options: { Color: 'Charcoal' } },
        ],
        [
          '/ecom/v1/carts/current/add-to-cart',
          {
            lineItems: [
              {
                quantity: 1,
                catalogReference: {
                  catalogItemId: hoodie,
                  appId: STORES_APP_ID,
                  options: { options: { Color: 'Charcoal', Size: 'M' } },
                },
              },
            ],
          },
        ],
      ] as const) {
        const response = await fetch(on.baseUrl + path, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: access_token, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        })
        expect(response.status, path).toBe(200)
        for (const match of (await response.text()).matchAll(/"url":"([^"]+)"/g))
          urls.push(match[1]!)
      }
      return urls.filter((url) => !url.startsWith('/product-page/'))
    }
    const before = await pictures(platform)
    expect(before.length).toBeGreaterThan(data.products.length)
    for (const url of before) expect(url.startsWith(`${PUBLIC_URL}/media/`), url).toBe(true)
    // The same database behind another public URL gives that URL.
    const moved = await startPlatform(dialect, {
      databaseUrl: platform.app.platform.config.databaseUrl,
      seed: 'demo',
      publicUrl: 'https://cdn.shop.test/platform',
      workers: false,
    })
    try {
      const after = await pictures(moved)
      expect(after).toEqual(
        before.map((url) => url.replace(PUBLIC_URL, 'https://cdn.shop.test/platform')),
      )
    } finally {
      await moved.close()
    }
  })

  it('serves every picture it refers to as SVG, cached, with an ETag', async () => {
    const urls = new Set<string>()
    const collect = (text: string | null) => {
      for (const match of (text ?? '').matchAll(/"url":"([^"]+)"/g)) urls.add(match[1]!)
    }
    for (const product of data.products) {
      const media = JSON.parse(product.media) as { mainMedia: Item; items: Item[] }
      expect(media.items.length, product.slug).toBeGreaterThanOrEqual(1)
      expect(media.items.length, product.slug).toBeLessThanOrEqual(3)
      expect(media.mainMedia).toEqual(media.items[0])
      collect(product.media)
      collect(product.product_options)
    }
    for (const variant of data.variants) collect(variant.media)
    for (const collection of data.collections) collect(collection.media)
    expect(urls.size).toBeGreaterThan(data.products.length)

    for (const url of urls) {
      expect(url.startsWith('/media/'), url).toBe(true)
      const response = await fetch(platform.baseUrl + url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const body = await response.text()
      expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="800"/)
      expect(body).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/)
    }
    const [first] = urls
    const path = first!
    const response = await fetch(platform.baseUrl + path)
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(platform.baseUrl + path, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const head = await fetch(platform.baseUrl + path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    const unknown = await fetch(`${platform.baseUrl}/media/nothing-here.svg`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'No media "nothing-here.svg"', details: {} })
  })
})

describe.each(DIALECTS)('the demo seed transaction on %s', (dialect) => {
  it('is all or nothing: a failing part leaves no demo row and no marker', async () => {
    const { url, cleanup } = await testDatabaseUrl(dialect)
    try {
      const setup = await buildApp({ databaseUrl: url, seed: 'none', workers: false })
      // A coupon that the demo also inserts: its insert fails, after the products went in.
      await setup.platform.db.kysely
        .insertInto('coupons')
        .values({
          code: 'SAVE10',
          name: 'x',
          type: 'percentage',
          value: 1,
          minimum_subtotal: null,
          active: 1,
          expires_at: null,
        })
        .execute()
      await setup.close()
      await expect(buildApp({ databaseUrl: url, seed: 'demo', workers: false })).rejects.toThrow()
      const after = await buildApp({ databaseUrl: url, seed: 'none', workers: false })
      try {
        const { kysely } = after.platform.db
        expect(await kysely.selectFrom('products').select('id').execute()).toEqual([])
        expect(
          await kysely
            .selectFrom('settings')
            .select('key')
            .where('key', '=', 'demo_seeded')
            .execute(),
        ).toEqual([])
      } finally {
        await after.close()
      }
    } finally {
      await cleanup()
    }
  })
})
