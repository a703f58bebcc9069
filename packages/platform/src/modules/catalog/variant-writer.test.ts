import type { Product, Variant } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

describe.each(DIALECTS)('catalog writer: variants on %s', (dialect) => {
  let catalog: CatalogPlatform
  const writer = () => catalog.admin.catalogWriter
  const shirt = () =>
    writer()
      .createProduct({
        name: 'Shirt',
        manageVariants: true,
        priceData: { price: 30 },
        costAndProfitData: { itemCost: 10 },
        weight: 0.3,
        sku: 'SH',
        productOptions: [
          { name: 'Size', choices: [{ value: 'S' }, { value: 'L' }] },
          { name: 'Fit', choices: [{ value: 'Slim' }, { value: 'Wide' }] },
        ],
      })
      .then((response) => response.product)
  const idOf = (product: Product, size: string, fit: string) =>
    product.variants!.find((v) => v.choices?.Size === size && v.choices?.Fit === fit)!.id

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
  })
  afterAll(() => catalog.close())

  it('sets price, cost, weight, SKU and visibility of the variants picked by choices or ids', async () => {
    const product = await shirt()
    const before = (await catalog.events('VariantsChanged')).length
    const { variants } = await writer().updateProductVariants(product.id, [
      { choices: { Size: 'L' }, price: 35, weight: 0.4 },
      {
        variantIds: [idOf(product, 'L', 'Wide')],
        price: 36,
        cost: 12,
        sku: 'SH-LW',
        visible: false,
      },
    ])
    const byChoice = (size: string, fit: string) =>
      variants.find((v) => v.id === idOf(product, size, fit))!
    expect(variants).toHaveLength(4)
    expect(byChoice('S', 'Slim').variant).toMatchObject({
      priceData: { price: 30 },
      weight: 0.3,
      sku: 'SH',
      visible: true,
    })
    expect(byChoice('L', 'Slim').variant).toMatchObject({
      priceData: { price: 35 },
      weight: 0.4,
      sku: 'SH',
    })
    expect(byChoice('L', 'Wide').variant).toMatchObject({
      priceData: { price: 36, discountedPrice: 36 },
      costAndProfitData: { itemCost: 12, profit: 24 },
      weight: 0.4,
      sku: 'SH-LW',
      visible: false,
    })
    const { product: after } = await catalog.visitor.products.getProduct(product.id)
    expect(after).toMatchObject({
      priceRange: { minValue: 30, maxValue: 35 },
      weightRange: { minValue: 0.3, maxValue: 0.4 },
    })

    const [event] = (await catalog.events('VariantsChanged')).slice(before)
    expect(event!.payload).toEqual({
      productId: product.id,
      variants: [
        {
          variantId: idOf(product, 'L', 'Slim'),
          choices: { Size: 'L', Fit: 'Slim' },
          changedFields: ['price', 'weight'],
          originatedFromVersion: 'V1_CATALOG',
        },
        {
          variantId: idOf(product, 'L', 'Wide'),
          choices: { Size: 'L', Fit: 'Wide' },
          changedFields: ['price', 'cost', 'weight', 'sku', 'visible'],
          originatedFromVersion: 'V1_CATALOG',
        },
      ],
      originatedFromVersion: 'V1_CATALOG',
    })
  })

  it('resets every variant to the product’s data', async () => {
    const product = await shirt()
    await writer().updateProductVariants(product.id, [
      { choices: { Fit: 'Wide' }, price: 50, visible: false },
    ])
    const before = (await catalog.events('VariantsChanged')).length
    await writer().resetAllProductVariantData(product.id)
    const { variants } = await catalog.admin.products.queryProductVariants(product.id)
    expect(variants.map((v) => [v.variant?.priceData?.price, v.variant?.visible])).toEqual([
      [30, true],
      [30, true],
      [30, true],
      [30, true],
    ])
    const events = (await catalog.events('VariantsChanged')).slice(before)
    expect(
      events.map((e) =>
        e.payload.variants.map((v: { changedFields: string[] }) => v.changedFields),
      ),
    ).toEqual([
      [
        ['price', 'visible'],
        ['price', 'visible'],
      ],
    ])
    await writer().resetAllProductVariantData(product.id)
    expect(await catalog.events('VariantsChanged')).toHaveLength(before + 1)
    expect(await rejection(writer().resetAllProductVariantData('nope'))).toMatchObject({
      status: 404,
    })
  })

  it('answers 400 naming the variant update that is wrong', async () => {
    const product = await shirt()
    const bad: [Variant[], string[]][] = [
      [[{ choices: { Colour: 'Red' }, price: 1 }], ['variants[0].choices.Colour']],
      [[{ choices: { Size: 'XL' }, price: 1 }], ['variants[0].choices.Size']],
      [[{ variantIds: ['nope'], price: 1 }], ['variants[0].variantIds']],
      [[{ price: 1 }], ['variants[0]']],
      [[{ choices: { Size: 'S' } }, { choices: { Size: 'S' }, price: -5 }], ['variants[1].price']],
      [
        [{ choices: { Size: 'S' }, variantIds: [idOf(product, 'L', 'Slim')], price: 2 }],
        ['variants[0].choices'],
      ],
      [[], ['variants']],
    ]
    for (const [variants, fields] of bad) {
      const error = await rejection(writer().updateProductVariants(product.id, variants))
      expect(error.status, JSON.stringify(variants)).toBe(400)
      expect(violatedFields(error), JSON.stringify(variants)).toEqual(fields)
    }
    expect(
      await rejection(writer().updateProductVariants('nope', [{ choices: {}, price: 1 }])),
    ).toMatchObject({ status: 404 })
  })

  it('refuses variant data on a product that does not manage variants', async () => {
    const { product } = await writer().createProduct({
      name: 'Plain',
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }] }],
    })
    const error = await rejection(
      writer().updateProductVariants(product.id, [{ choices: { Size: 'S' }, price: 9 }]),
    )
    expect(error).toMatchObject({ status: 400, kind: 'application', code: 'VARIANTS_NOT_MANAGED' })
  })
})
