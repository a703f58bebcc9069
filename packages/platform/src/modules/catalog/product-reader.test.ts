import type { Product } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'
import { refreshProductDocuments } from './product-documents.js'

const money = (price: number, discountedPrice: number, pricePerUnit?: number) => ({
  currency: 'USD',
  price,
  discountedPrice,
  ...(pricePerUnit === undefined ? {} : { pricePerUnit }),
  formatted: {
    price: `$${price.toFixed(2)}`,
    discountedPrice: `$${discountedPrice.toFixed(2)}`,
    ...(pricePerUnit === undefined ? {} : { pricePerUnit: `$${pricePerUnit.toFixed(2)}` }),
  },
})

describe.each(DIALECTS)('catalog reader: products and variants on %s', (dialect) => {
  let catalog: CatalogPlatform
  let tee: Product
  let simple: Product
  let hidden: Product
  const variantOf = (choices: Record<string, string>) =>
    tee.variants!.find((v) => Object.entries(choices).every(([k, c]) => v.choices?.[k] === c))!

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    const writer = catalog.admin.catalogWriter
    const created = await writer.createProduct({
      name: 'Tee',
      sku: 'TEE',
      brand: 'Acme',
      ribbon: 'Sale',
      description: '<p>Soft</p>',
      weight: 0.5,
      priceData: { price: 20 },
      costAndProfitData: { itemCost: 8 },
      discount: { type: 'PERCENT', value: 25 },
      pricePerUnitData: {
        totalQuantity: 200,
        totalMeasurementUnit: 'G',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      },
      additionalInfoSections: [{ title: 'Care', description: 'Cold wash' }],
      customTextFields: [{ title: 'Name on it', maxLength: 10, mandatory: false }],
      seoData: { tags: [{ type: 'title', children: 'Tee' }] },
      manageVariants: true,
      productOptions: [
        { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] },
        {
          name: 'Color',
          optionType: 'color',
          choices: [
            { value: '#f00', description: 'Red' },
            { value: '#00f', description: 'Blue' },
          ],
        },
      ],
    })
    const id = created.product.id
    await writer.addProductMedia(id, [
      { url: 'https://img.test/tee.jpg', width: 800, height: 600 } as never,
    ])
    await writer.addProductMedia(id, [
      { url: 'https://img.test/red.jpg', choice: { option: 'Color', choice: 'Red' } },
    ])
    await writer.updateProductVariants(id, [
      { choices: { Size: 'L' }, price: 25, weight: 0.7 },
      { choices: { Size: 'S', Color: 'Blue' }, visible: false },
    ])
    await catalog.platform.app.platform.db.kysely
      .updateTable('variants')
      .set({ in_stock: 0 })
      .where('product_id', '=', id)
      .where('choices_key', 'like', '%Size=M')
      .execute()
    // Written outside the writers: the catalog's own writes rebuild the document.
    await refreshProductDocuments(catalog.platform.app.platform.db.kysely, [id])
    tee = (await catalog.admin.products.getProduct(id)).product
    simple = (await writer.createProduct({ name: 'Sticker', priceData: { price: 2 } })).product
    hidden = (
      await writer.createProduct({ name: 'Secret', priceData: { price: 9 }, visible: false })
    ).product
  })
  afterAll(() => catalog.close())

  it('builds the whole wire product from the rows', async () => {
    const { product } = await catalog.visitor.products.getProduct(tee.id)
    const price = money(20, 15, 7.5)
    expect(product).toEqual({
      id: tee.id,
      name: 'Tee',
      slug: 'tee',
      visible: true,
      productType: 'physical',
      description: '<p>Soft</p>',
      sku: 'TEE',
      weight: 0.5,
      weightRange: { minValue: 0.5, maxValue: 0.7 },
      stock: { trackInventory: false, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
      price,
      priceData: price,
      convertedPriceData: price,
      priceRange: { minValue: 20, maxValue: 25 },
      pricePerUnitData: {
        totalQuantity: 200,
        totalMeasurementUnit: 'G',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      },
      additionalInfoSections: [{ title: 'Care', description: 'Cold wash' }],
      ribbons: [{ text: 'Sale' }],
      media: {
        mainMedia: product.media!.items![0],
        items: [expect.objectContaining({ mediaType: 'image' }), expect.any(Object)],
      },
      customTextFields: [{ title: 'Name on it', maxLength: 10, mandatory: false }],
      manageVariants: true,
      productOptions: [
        {
          optionType: 'drop_down',
          name: 'Size',
          choices: [
            { value: 'S', description: 'S', inStock: true, visible: true },
            { value: 'M', description: 'M', inStock: false, visible: true },
            { value: 'L', description: 'L', inStock: true, visible: true },
          ],
        },
        {
          optionType: 'color',
          name: 'Color',
          choices: [
            {
              value: '#f00',
              description: 'Red',
              inStock: true,
              visible: true,
              media: expect.objectContaining({ items: [expect.any(Object)] }),
            },
            { value: '#00f', description: 'Blue', inStock: true, visible: true },
          ],
        },
      ],
      productPageUrl: { base: 'http://localhost:5173', path: '/product-page/tee' },
      numericId: '1',
      inventoryItemId: tee.id,
      discount: { type: 'PERCENT', value: 25 },
      collectionIds: [],
      variants: expect.any(Array),
      lastUpdated: expect.any(Date),
      createdDate: expect.any(Date),
      seoData: { tags: [{ type: 'title', children: 'Tee' }] },
      ribbon: 'Sale',
      brand: 'Acme',
    })
    expect(product.media!.items![0]).toMatchObject({
      id: expect.any(String),
      title: '',
      image: { url: 'https://img.test/tee.jpg', width: 800, height: 600 },
    })
    expect(product.variants).toHaveLength(6)
    expect(variantOf({ Size: 'L', Color: 'Red' })).toEqual({
      id: expect.any(String),
      choices: { Size: 'L', Color: 'Red' },
      variant: {
        priceData: money(25, 18.75, 9.38),
        convertedPriceData: money(25, 18.75, 9.38),
        weight: 0.7,
        sku: 'TEE',
        visible: true,
      },
      stock: { trackQuantity: false, inStock: true },
    })
    expect(variantOf({ Size: 'M', Color: 'Blue' }).stock).toEqual({
      trackQuantity: false,
      inStock: false,
    })
    expect(variantOf({ Size: 'S', Color: 'Blue' }).variant?.visible).toBe(false)
  })

  it('gives cost and profit only to elevated callers that ask for them', async () => {
    const merchant = await catalog.admin.products.getProduct(tee.id, {
      includeMerchantSpecificData: true,
    })
    expect(merchant.product.costAndProfitData).toEqual({
      itemCost: 8,
      formattedItemCost: '$8.00',
      profit: 7,
      formattedProfit: '$7.00',
      profitMargin: 0.4667,
    })
    expect(merchant.product.costRange).toEqual({ minValue: 8, maxValue: 8 })
    expect(merchant.product.variants![0]!.variant?.costAndProfitData).toMatchObject({ itemCost: 8 })
    const plain = await catalog.admin.products.getProduct(tee.id)
    expect(plain.product).not.toHaveProperty('costAndProfitData')
    const visitor = await catalog.visitor.products.getProduct(tee.id, {
      includeMerchantSpecificData: true,
    })
    expect(visitor.product).not.toHaveProperty('costAndProfitData')
    expect(visitor.product).not.toHaveProperty('costRange')
  })

  it('leaves out variants of a simple product and hides hidden products from visitors', async () => {
    const { product } = await catalog.visitor.products.getProduct(simple.id)
    expect(product).not.toHaveProperty('variants')
    expect(product).toMatchObject({
      productOptions: [],
      stock: { inStock: true, inventoryStatus: 'IN_STOCK' },
      priceRange: { minValue: 2, maxValue: 2 },
    })
    expect(await rejection(catalog.visitor.products.getProduct(hidden.id))).toMatchObject({
      status: 404,
    })
    expect((await catalog.admin.products.getProduct(hidden.id)).product.visible).toBe(false)
    expect(await rejection(catalog.admin.products.getProduct('no-such-product'))).toMatchObject({
      status: 404,
    })
    expect(await rejection(catalog.nobody.products.getProduct(tee.id))).toMatchObject({
      status: 401,
    })
  })

  it('tells which choices are available for a partial selection, and the variant of a full one', async () => {
    const { products } = catalog.visitor
    const none = await products.getProductOptionsAvailability(tee.id, {})
    expect(none).toMatchObject({ availableForPurchase: false })
    expect(none).not.toHaveProperty('selectedVariant')
    expect(none.productOptions![0]!.choices!.map((c) => c.inStock)).toEqual([true, false, true])

    const red = await products.getProductOptionsAvailability(tee.id, { Color: 'Red' })
    expect(red.productOptions![0]!.choices!.map((c) => c.inStock)).toEqual([true, false, true])
    const small = await products.getProductOptionsAvailability(tee.id, { Size: 'S' })
    expect(small.productOptions![1]!.choices!.map((c) => [c.inStock, c.visible])).toEqual([
      [true, true],
      [false, false],
    ])
    expect(small.media).toBeUndefined()

    const full = await products.getProductOptionsAvailability(tee.id, { Size: 'L', Color: 'Red' })
    expect(full.availableForPurchase).toBe(true)
    expect(full.selectedVariant).toEqual({
      id: variantOf({ Size: 'L', Color: 'Red' }).id,
      choices: { Size: 'L', Color: 'Red' },
      price: money(25, 18.75, 9.38),
      convertedPriceData: money(25, 18.75, 9.38),
      weight: 0.7,
      sku: 'TEE',
      inStock: true,
      visible: true,
    })
    expect(full.media?.items?.[0]?.image?.url).toBe('https://img.test/red.jpg')

    const soldOut = await products.getProductOptionsAvailability(tee.id, {
      Size: 'M',
      Color: 'Red',
    })
    expect(soldOut).toMatchObject({
      availableForPurchase: false,
      selectedVariant: { inStock: false },
    })
    const hiddenOne = await products.getProductOptionsAvailability(tee.id, {
      Size: 'S',
      Color: 'Blue',
    })
    expect(hiddenOne).toMatchObject({
      availableForPurchase: false,
      selectedVariant: { visible: false },
    })
    const plain = await products.getProductOptionsAvailability(simple.id, {})
    expect(plain).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { id: '00000000-0000-0000-0000-000000000000' },
    })
  })

  it('refuses unknown options and choices, and unknown or hidden products', async () => {
    const { products } = catalog.visitor
    expect(
      violatedFields(
        await rejection(products.getProductOptionsAvailability(tee.id, { Fit: 'Slim' })),
      ),
    ).toEqual(['options.Fit'])
    expect(
      violatedFields(
        await rejection(products.getProductOptionsAvailability(tee.id, { Size: 'XL' })),
      ),
    ).toEqual(['options.Size'])
    expect(await rejection(products.getProductOptionsAvailability(hidden.id, {}))).toMatchObject({
      status: 404,
    })
    expect(
      await rejection(products.getProductOptionsAvailability(tee.id, { Size: 5 } as never)),
    ).toMatchObject({ status: 400 })
  })

  it('queries a product’s variants by choices and ids, paged', async () => {
    const { products } = catalog.visitor
    expect(await products.queryProductVariants(tee.id)).toMatchObject({
      totalResults: 6,
      metadata: { items: 6, offset: 0 },
    })
    const large = await products.queryProductVariants(tee.id, { choices: { Size: 'L' } })
    expect(large.variants.map((v) => v.choices?.Color)).toEqual(['Red', 'Blue'])
    const byId = await products.queryProductVariants(tee.id, {
      variantIds: [variantOf({ Size: 'M', Color: 'Blue' }).id],
    })
    expect(byId.variants.map((v) => v.choices)).toEqual([{ Size: 'M', Color: 'Blue' }])
    const page = await products.queryProductVariants(tee.id, { paging: { limit: 2, offset: 1 } })
    expect(page).toMatchObject({ totalResults: 6, metadata: { items: 2, offset: 1 } })
    expect(page.variants[0]!.id).toBe(tee.variants![1]!.id)
    expect(page.variants[0]!.variant).not.toHaveProperty('costAndProfitData')
    const merchant = await catalog.admin.products.queryProductVariants(tee.id, {
      includeMerchantSpecificData: true,
    })
    expect(merchant.variants[0]!.variant?.costAndProfitData?.itemCost).toBe(8)
    expect(
      violatedFields(
        await rejection(products.queryProductVariants(tee.id, { paging: { limit: 0 } })),
      ),
    ).toEqual(['paging.limit'])
    expect(await rejection(products.queryProductVariants('nope'))).toMatchObject({ status: 404 })
  })

  it('queries store variants with the query language', async () => {
    const visitor = await catalog.visitor.products.queryStoreVariants({
      filter: { productId: tee.id },
    })
    expect(visitor.metadata).toEqual({ count: 5, offset: 0, total: 5 })
    const admin = await catalog.admin.products.queryStoreVariants({
      filter: { productId: tee.id },
      paging: { limit: 2 },
    })
    expect(admin.metadata).toEqual({ count: 2, offset: 0, total: 6 })
    const lr = variantOf({ Size: 'L', Color: 'Red' })
    const [found] = (
      await catalog.visitor.products.queryStoreVariants({ filter: { variantId: lr.id } })
    ).variants
    expect(found).toEqual({
      id: `${tee.id}-${lr.id}`,
      variantId: lr.id,
      productId: tee.id,
      variantName: 'L | Red',
      productName: 'Tee',
      managedVariant: true,
      sku: 'TEE',
      choices: { Size: 'L', Color: 'Red' },
      collectionIds: [],
      variant: expect.objectContaining({ priceData: money(25, 18.75, 9.38), weight: 0.7 }),
      stock: { trackQuantity: false, inStock: true },
      media: { image: 'https://img.test/red.jpg' },
    })
    const soldOut = await catalog.visitor.products.queryStoreVariants({
      filter: { inStock: false },
      sort: [{ fieldName: 'productName' }],
    })
    expect(soldOut.variants.map((v) => v.variantName)).toEqual(['M | Red', 'M | Blue'])
    const sticker = await catalog.visitor.products.queryStoreVariants({
      filter: { id: `${simple.id}-00000000-0000-0000-0000-000000000000` },
    })
    expect(sticker.variants).toMatchObject([
      { variantName: 'Sticker', managedVariant: false, media: {} },
    ])
    expect(
      violatedFields(
        await rejection(catalog.visitor.products.queryStoreVariants({ filter: { price: 1 } })),
      ),
    ).toEqual(['query.filter.price'])
  })

  it('gets a store variant by <productId>-<variantId>', async () => {
    const lr = variantOf({ Size: 'L', Color: 'Red' })
    const { variant } = await catalog.visitor.products.getStoreVariant(`${tee.id}-${lr.id}`)
    expect(variant).toMatchObject({ variantId: lr.id, productId: tee.id, variantName: 'L | Red' })
    const sb = `${tee.id}-${variantOf({ Size: 'S', Color: 'Blue' }).id}`
    expect(await rejection(catalog.visitor.products.getStoreVariant(sb))).toMatchObject({
      status: 404,
    })
    expect((await catalog.admin.products.getStoreVariant(sb)).variant.variantName).toBe('S | Blue')
    for (const id of [
      'nodash',
      `${tee.id}-nope`,
      `${hidden.id}-00000000-0000-0000-0000-000000000000`,
    ])
      expect(await rejection(catalog.visitor.products.getStoreVariant(id))).toMatchObject({
        status: 404,
      })
  })
  it('reads a product whose stored media has no items (written outside the writer) as no media', async () => {
    const { id } = (
      await catalog.admin.catalogWriter.createProduct({ name: 'Bare', priceData: { price: 5 } })
    ).product
    await catalog.platform.app.platform.db.kysely
      .updateTable('products')
      .set({
        media: JSON.stringify({ mainMedia: { image: { url: 'https://images.example/a.png' } } }),
      })
      .where('id', '=', id)
      .execute()
    await refreshProductDocuments(catalog.platform.app.platform.db.kysely, [id])
    const { product } = await catalog.visitor.products.getProduct(id)
    expect(product.media).toEqual({ items: [] })
  })
})
