import type { Product } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000'

describe.each(DIALECTS)('catalog writer: products on %s', (dialect) => {
  let catalog: CatalogPlatform
  const writer = () => catalog.admin.catalogWriter
  const variants = async (id: string) =>
    (await catalog.admin.products.queryProductVariants(id)).variants

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
  })
  afterAll(() => catalog.close())

  it('creates a product: UUID, increasing numericId, slug from the name, the default variant', async () => {
    const before = (await catalog.events('ProductCreated')).length
    const { product } = await writer().createProduct({
      name: 'Crème Brûlée Set',
      priceData: { price: 12 },
      costAndProfitData: { itemCost: 5 },
      sku: 'CB-1',
    })
    expect(product).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug: 'creme-brulee-set',
      numericId: expect.stringMatching(/^\d+$/),
      priceData: { price: 12, discountedPrice: 12 },
      costAndProfitData: { itemCost: 5, profit: 7 },
      manageVariants: false,
    })
    const next = (await writer().createProduct({ name: 'Crème brûlée set' })).product
    expect(next.slug).toBe('creme-brulee-set-2')
    expect(Number(next.numericId)).toBe(Number(product.numericId) + 1)
    expect(next.priceData).toMatchObject({ price: 0, currency: 'USD' })
    expect((await variants(product.id)).map((v) => [v.id, v.choices])).toEqual([
      [DEFAULT_VARIANT, {}],
    ])

    const [event] = (await catalog.events('ProductCreated')).slice(before)
    expect(event!.payload).toEqual({
      productId: product.id,
      name: 'Crème Brûlée Set',
      price: product.price,
      visible: true,
      media: { items: [] },
      sku: 'CB-1',
      productPageUrl: { base: 'http://localhost:5173', path: '/product-page/creme-brulee-set' },
      brand: '',
      costAndProfitData: product.costAndProfitData,
      originatedFromVersion: 'V1_CATALOG',
      slug: 'creme-brulee-set',
    })
  })

  it('refuses a slug another product has with 409, leaving nothing behind', async () => {
    await writer().createProduct({ name: 'Taken', slug: 'taken-slug' })
    const events = (await catalog.events()).length
    const error = await rejection(writer().createProduct({ name: 'Other', slug: 'taken-slug' }))
    expect(error).toMatchObject({ status: 409, code: 'DUPLICATE_SLUG' })
    expect((await catalog.admin.products.queryProducts().eq('name', 'Other').find()).items).toEqual(
      [],
    )
    expect(await catalog.events()).toHaveLength(events)
  })

  it('generates one variant per combination, and keeps variant data when options change', async () => {
    const { product } = await writer().createProduct({
      name: 'Hoodie',
      manageVariants: true,
      priceData: { price: 40 },
      productOptions: [
        { name: 'Size', choices: [{ value: 'M' }, { value: 'L' }] },
        { name: 'Color', choices: [{ description: 'Grey' }, { description: 'Navy' }] },
      ],
    })
    const made = await variants(product.id)
    expect(made.map((v) => v.choices)).toEqual([
      { Size: 'M', Color: 'Grey' },
      { Size: 'M', Color: 'Navy' },
      { Size: 'L', Color: 'Grey' },
      { Size: 'L', Color: 'Navy' },
    ])
    expect(new Set(made.map((v) => v.id)).size).toBe(4)
    await writer().updateProductVariants(product.id, [
      { choices: { Size: 'L', Color: 'Navy' }, price: 45, sku: 'H-LN' },
    ])

    const { product: updated } = await writer().updateProduct(product.id, {
      name: 'Zip Hoodie',
      productOptions: [
        { name: 'Size', choices: [{ value: 'L' }, { value: 'XL' }] },
        { name: 'Color', choices: [{ description: 'Navy' }] },
      ],
    })
    expect(updated).toMatchObject({
      name: 'Zip Hoodie',
      slug: 'hoodie',
      priceRange: { minValue: 40, maxValue: 45 },
    })
    const kept = await variants(product.id)
    expect(kept.map((v) => v.choices)).toEqual([
      { Size: 'L', Color: 'Navy' },
      { Size: 'XL', Color: 'Navy' },
    ])
    expect(kept[0]).toMatchObject({
      id: made[3]!.id,
      variant: { priceData: { price: 45 }, sku: 'H-LN' },
    })
    expect(kept[1]!.variant?.priceData?.price).toBe(40)
  })

  it('updates the fields given, bumps lastUpdated and emits ProductChanged with what changed', async () => {
    const { product } = await writer().createProduct({ name: 'Lamp', priceData: { price: 30 } })
    const before = (await catalog.events('ProductChanged')).length
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { product: updated } = await writer().updateProduct(product.id, {
      priceData: { price: 32 },
      discount: { type: 'AMOUNT', value: 2 },
      ribbon: 'Hot',
      brand: 'Lux',
      visible: false,
      stock: { trackInventory: true, quantity: 3 },
      name: 'Lamp',
    })
    expect(updated).toMatchObject({
      priceData: { price: 32, discountedPrice: 30 },
      discount: { type: 'AMOUNT', value: 2 },
      ribbon: 'Hot',
      ribbons: [{ text: 'Hot' }],
      brand: 'Lux',
      visible: false,
      stock: { trackInventory: true, quantity: 3, inStock: true, inventoryStatus: 'IN_STOCK' },
    })
    expect(updated.lastUpdated!.getTime()).toBeGreaterThan(product.lastUpdated!.getTime())
    const [changed] = (await catalog.events('ProductChanged')).slice(before)
    expect(changed!.payload).toEqual({
      productId: product.id,
      changedFields: ['visible', 'brand', 'ribbon', 'price', 'discount', 'stock'],
      originatedFromVersion: 'V1_CATALOG',
    })
    const { product: empty } = await writer().updateProduct(product.id, { stock: { quantity: 0 } })
    expect(empty.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    })
  })

  it('deletes a product, its variants and memberships, answering {}', async () => {
    const { product } = await writer().createProduct({
      name: 'Doomed',
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }] }],
    })
    const { collection } = await writer().createCollection({ name: 'Holder' })
    await writer().addProductsToCollection(collection.id, [product.id])
    const response = await fetch(
      `${catalog.platform.baseUrl}/stores/v1/products/${product.id}?id=${product.id}`,
      {
        method: 'DELETE',
        headers: { authorization: catalog.platform.adminKey },
      },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect(await rejection(catalog.admin.products.getProduct(product.id))).toMatchObject({
      status: 404,
    })
    expect((await catalog.admin.collections.getCollection(collection.id)).numberOfProducts).toBe(0)
    const db = catalog.platform.app.platform.db.kysely
    expect(
      await db.selectFrom('variants').selectAll().where('product_id', '=', product.id).execute(),
    ).toEqual([])
    expect((await catalog.events('ProductDeleted')).at(-1)!.payload).toEqual({
      productId: product.id,
      originatedFromVersion: 'V1_CATALOG',
    })
    expect(await rejection(writer().deleteProduct(product.id))).toMatchObject({ status: 404 })
  })

  it('deletes options (variants collapse to the default) and removes brand and ribbon', async () => {
    const { product } = await writer().createProduct({
      name: 'Scarf',
      brand: 'Knit',
      ribbon: 'New',
      manageVariants: true,
      productOptions: [{ name: 'Color', choices: [{ value: 'Red' }, { value: 'Blue' }] }],
    })
    await writer().deleteProductOptions(product.id)
    await writer().removeBrand(product.id)
    await writer().removeRibbon(product.id)
    const { product: after } = await catalog.admin.products.getProduct(product.id)
    expect(after).toMatchObject({ productOptions: [], manageVariants: false, ribbons: [] })
    expect(after).not.toHaveProperty('brand')
    expect(after).not.toHaveProperty('ribbon')
    expect(after).not.toHaveProperty('variants')
    expect((await variants(product.id)).map((v) => v.id)).toEqual([DEFAULT_VARIANT])
    const changes = (await catalog.events('ProductChanged'))
      .slice(-3)
      .map((e) => e.payload.changedFields)
    expect(changes).toEqual([['manageVariants', 'productOptions'], ['brand'], ['ribbon']])
    for (const call of [writer().deleteProductOptions, writer().removeBrand, writer().removeRibbon])
      expect(await rejection(call('nope'))).toMatchObject({ status: 404 })
  })

  it('answers 400 with field violations for bad products', async () => {
    const bad: [Partial<Product>, string[]][] = [
      [{}, ['product.name']],
      [{ name: 'x'.repeat(81) }, ['product.name']],
      [{ name: '  ' }, ['product.name']],
      [{ name: 'x', priceData: { price: -1 } }, ['product.priceData.price']],
      [{ name: 'x', priceData: { price: NaN } }, ['product.priceData.price']],
      [{ name: 'x', productType: 'service' as never }, ['product.productType']],
      [{ name: 'x', discount: { type: 'PERCENT', value: 120 } }, ['product.discount.value']],
      [{ name: 'x', slug: 'a b' }, ['product.slug']],
      [
        { name: 'x', productOptions: [{ name: 'Size', choices: [] }] },
        ['product.productOptions[0].choices'],
      ],
      [
        {
          name: 'x',
          productOptions: [
            { name: 'A', choices: [{ value: 'a' }] },
            { name: 'a', choices: [{ value: 'b' }] },
          ],
        },
        ['product.productOptions[1].name'],
      ],
      [
        {
          name: 'x',
          productOptions: [{ name: 'A', choices: [{ value: 'a' }, { description: 'a' }] }],
        },
        ['product.productOptions[0].choices[1]'],
      ],
      [
        { name: 'x', productOptions: [{ name: 'A', choices: [{}] }] },
        ['product.productOptions[0].choices[0]'],
      ],
    ]
    const tenChoices = Array.from({ length: 10 }, (_, i) => ({ value: `c${i}` }))
    bad.push([
      {
        name: 'x',
        productOptions: ['A', 'B', 'C', 'D'].map((name) => ({ name, choices: tenChoices })),
      },
      ['product.productOptions'],
    ])
    for (const [product, fields] of bad) {
      const error = await rejection(writer().createProduct(product))
      expect(error.status, JSON.stringify(product)).toBe(400)
      expect(violatedFields(error), JSON.stringify(product)).toEqual(fields)
    }
    const { product } = await writer().createProduct({ name: 'Valid' })
    // A body's copy of the path's id must be the path's: `{product: {id}}`, and any call's `{id}`.
    for (const [method, path, body, field] of [
      ['PATCH', '', { product: { id: 'other', name: 'y' } }, 'product.id'],
      ['POST', '/remove-brand', { id: 'other' }, 'id'],
    ] as const) {
      const url = `${catalog.platform.baseUrl}/stores/v1/products/${product.id}${path}`
      const mismatch = await fetch(url, {
        method,
        headers: { authorization: catalog.platform.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(mismatch.status).toBe(400)
      expect(await mismatch.json()).toMatchObject({
        details: { validationError: { fieldViolations: [{ field }] } },
      })
    }
    expect(await rejection(writer().updateProduct('nope', { name: 'y' }))).toMatchObject({
      status: 404,
    })
    expect(
      await rejection(writer().updateProduct(product.id, { slug: 'taken-slug' })),
    ).toMatchObject({ status: 409 })
  })
})
