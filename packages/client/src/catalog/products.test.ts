import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { productCodecs, storeVariantCodecs } from './codecs.js'
import { products } from './products.js'
import { toDate, toFloat } from '../codec/convert.js'
import type { Codec, Convert } from '../http/endpoint.js'
import type { OptionType } from '../enums/catalog.js'
import type { Collection, Dimensions, Product, ProductVariant, Variant } from './types.js'
import type * as wix from '../wix/index.js'

const client = (body: unknown) =>
  createClient({ modules: { products }, fetch: spyFetch(() => ({ body })) }).products

const ISO = '2026-03-04T05:06:07.000Z'

// PRODUCT_FLOATS of wire-contract §3, as written there.
const PRODUCT_FLOATS = [
  'weight',
  'price.price',
  'price.pricePerUnit',
  'price.discountedPrice',
  'priceData.price',
  'priceData.pricePerUnit',
  'priceData.discountedPrice',
  'convertedPriceData.price',
  'convertedPriceData.pricePerUnit',
  'convertedPriceData.discountedPrice',
  'costAndProfitData.itemCost',
  'costAndProfitData.profit',
  'costAndProfitData.profitMargin',
  'weightRange.minValue',
  'weightRange.maxValue',
  'priceRange.minValue',
  'priceRange.maxValue',
  'costRange.minValue',
  'costRange.maxValue',
  'pricePerUnitData.totalQuantity',
  'pricePerUnitData.baseQuantity',
  'discount.value',
  'variants.variant.weight',
  'variants.variant.priceData.price',
  'variants.variant.priceData.pricePerUnit',
  'variants.variant.priceData.discountedPrice',
  'variants.variant.convertedPriceData.price',
  'variants.variant.convertedPriceData.pricePerUnit',
  'variants.variant.convertedPriceData.discountedPrice',
  'variants.variant.costAndProfitData.itemCost',
  'variants.variant.costAndProfitData.profit',
  'variants.variant.costAndProfitData.profitMargin',
]

const pathsOf = (codecs: readonly Codec[], convert: Convert) =>
  codecs.filter(([c]) => c === convert).flatMap(([, paths]) => paths)

describe('codec paths', () => {
  it('lists exactly the 32 PRODUCT_FLOATS and the PRODUCT_DATES', () => {
    const codecs = productCodecs('products.')
    expect(PRODUCT_FLOATS).toHaveLength(32)
    expect([...pathsOf(codecs, toFloat)].sort()).toEqual(
      PRODUCT_FLOATS.map((p) => 'products.' + p).sort(),
    )
    expect(pathsOf(codecs, toDate)).toEqual(['products.lastUpdated', 'products.createdDate'])
  })

  it('lists STOREVARIANT_MEDIA', () => {
    const codecs = storeVariantCodecs('variant.')
    expect([...pathsOf(codecs, toDate)].sort()).toEqual(
      [
        'media.image.urlExpirationDate',
        'media.video.urlExpirationDate',
        'media.video.resolutions.urlExpirationDate',
        'media.video.resolutions.poster.urlExpirationDate',
        'media.video.posters.urlExpirationDate',
      ]
        .map((p) => 'variant.' + p)
        .sort(),
    )
    expect([...pathsOf(codecs, toFloat)].sort()).toEqual(
      [
        'media.image.focalPoint.x',
        'media.image.focalPoint.y',
        'media.video.resolutions.poster.focalPoint.x',
        'media.video.resolutions.poster.focalPoint.y',
        'media.video.posters.focalPoint.x',
        'media.video.posters.focalPoint.y',
      ]
        .map((p) => 'variant.' + p)
        .sort(),
    )
    expect(codecs[2]?.[1]).toEqual(['variant.media.image'])
    expect(codecs[3]?.[1]).toEqual(['variant.media.video'])
  })
})

describe('product responses', () => {
  it('getProduct: ISO dates become Dates, "NaN" at float paths becomes NaN, media stays URLs', async () => {
    const image = { url: 'https://static.test/a.jpg', width: 10, height: 20 }
    const { product } = await client({
      product: {
        id: 'p1',
        name: 'NaN',
        lastUpdated: ISO,
        createdDate: ISO,
        weight: 'NaN',
        priceData: { currency: 'EUR', price: 'Infinity', discountedPrice: 5 },
        discount: { type: 'PERCENT', value: '-Infinity' },
        costRange: { minValue: 'NaN', maxValue: 3 },
        variants: [{ id: 'v1', variant: { weight: 'NaN', costAndProfitData: { profit: 'NaN' } } }],
        media: { mainMedia: { image }, items: [{ image }] },
      },
    }).getProduct('p1')
    expect(product.lastUpdated).toEqual(new Date(ISO))
    expect(product.createdDate).toBeInstanceOf(Date)
    expect(product.weight).toBeNaN()
    expect(product.priceData).toEqual({ currency: 'EUR', price: Infinity, discountedPrice: 5 })
    expect(product.discount?.value).toBe(-Infinity)
    expect(product.costRange?.minValue).toBeNaN()
    expect(product.variants?.[0]?.variant?.weight).toBeNaN()
    expect(product.variants?.[0]?.variant?.costAndProfitData?.profit).toBeNaN()
    expect(product.name).toBe('NaN')
    expect(product.media?.mainMedia?.image).toEqual(image)
  })

  it('queryProducts: every product of the page is decoded', async () => {
    const page = await client({
      products: [
        { id: 'a', lastUpdated: ISO, price: { price: 'NaN' } },
        { id: 'b', createdDate: ISO },
      ],
      metadata: { count: 2, offset: 0, total: 2 },
    })
      .queryProducts()
      .find()
    expect(page.items[0]?.lastUpdated).toEqual(new Date(ISO))
    expect(page.items[0]?.price?.price).toBeNaN()
    expect(page.items[1]?.createdDate).toEqual(new Date(ISO))
  })

  it('getProductOptionsAvailability: floats of the selected variant', async () => {
    const result = await client({
      selectedVariant: {
        weight: 'NaN',
        price: { price: 'Infinity' },
        convertedPriceData: { pricePerUnit: 'NaN' },
      },
      availableForPurchase: true,
    }).getProductOptionsAvailability('p1', { Size: 'M' })
    expect(result.selectedVariant?.weight).toBeNaN()
    expect(result.selectedVariant?.price?.price).toBe(Infinity)
    expect(result.selectedVariant?.convertedPriceData?.pricePerUnit).toBeNaN()
    expect(result.availableForPurchase).toBe(true)
  })

  it('queryProductVariants: variant floats, and the {items, offset} + totalResults paging', async () => {
    const result = await client({
      variants: [{ id: 'v1', choices: { Size: 'M' }, variant: { priceData: { price: 'NaN' } } }],
      metadata: { items: 1, offset: 0 },
      totalResults: 1,
    }).queryProductVariants('p1')
    expect(result.variants[0]?.variant?.priceData?.price).toBeNaN()
    expect(result.totalResults).toBe(1)
  })

  it('getCollectionBySlug (v1): lastUpdated becomes a Date', async () => {
    const { collection } = await client({
      collection: { id: 'c1', lastUpdated: ISO },
    }).getCollectionBySlug('s')
    expect(collection.lastUpdated).toEqual(new Date(ISO))
  })
})

describe('store variant media', () => {
  const video = {
    id: 'vid1',
    filename: 'my clip.mp4',
    urlExpirationDate: ISO,
    posters: [
      { id: 'poster1', width: 10, height: 20, focalPoint: { x: 'NaN', y: 1 } },
      { id: 'poster2', width: 30, height: 40 },
    ],
  }
  const image = {
    id: 'img1',
    width: 800,
    height: 600,
    filename: 'a b.jpg',
    urlExpirationDate: ISO,
    focalPoint: { x: 'NaN', y: 0.5 },
  }

  it('queryStoreVariants: image → wix:image:// and video → wix:video:// (second poster wins)', async () => {
    const { variants } = await client({
      variants: [{ id: 'sv1', media: { image, video } }],
      metadata: { count: 1, offset: 0, total: 1 },
    }).queryStoreVariants({})
    expect(variants[0]?.media).toEqual({
      image: 'wix:image://v1/img1/a%20b.jpg#originWidth=800&originHeight=600',
      video: 'wix:video://v1/vid1/my%20clip.mp4#posterUri=poster2&posterWidth=30&posterHeight=40',
    })
  })

  it('getStoreVariant: a single poster named by its URL; an image without id is its URL', async () => {
    const { variant } = await client({
      variant: {
        id: 'sv1',
        media: {
          image: { url: 'https://static.test/x.png' },
          video: {
            id: 'vid2',
            posters: [{ url: 'https://static.test/p/poster9', width: 1, height: 2 }],
          },
        },
      },
    }).getStoreVariant('sv1')
    expect(variant.media).toEqual({
      image: 'https://static.test/x.png',
      video: 'wix:video://v1/vid2#posterUri=poster9&posterWidth=1&posterHeight=2',
    })
  })
})

describe("catalog types under the modules' names", () => {
  it("are the official names for this package's types, with the official fields", async () => {
    const product: wix.products.Product = (await client({ product: { id: 'p1' } }).getProduct('p1'))
      .product
    expect(product.id).toBe('p1')
    expectTypeOf(product).toEqualTypeOf<Product>()
    expectTypeOf<wix.collections.Collection>().toEqualTypeOf<Collection>()
    // The official `Variant` is a product's variant; what `updateProductVariants` sets, `VariantOverride`.
    expectTypeOf<wix.products.Variant>().toEqualTypeOf<ProductVariant>()
    expectTypeOf<wix.products.VariantOverride>().toEqualTypeOf<Variant>()
    expectTypeOf<wix.products.OptionType>().toEqualTypeOf<OptionType>()
    expectTypeOf<Product['productDimensions']>().toEqualTypeOf<Dimensions | undefined>()
  })
})
