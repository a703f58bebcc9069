import type { BulkAdjust, BulkSet } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

describe.each(DIALECTS)('catalog writer: bulk update and adjust on %s', (dialect) => {
  let catalog: CatalogPlatform
  const writer = () => catalog.admin.catalogWriter
  const get = async (id: string) =>
    (await catalog.admin.products.getProduct(id, { includeMerchantSpecificData: true })).product
  const make = async (name: string, price: number, extra: object = {}) =>
    (await writer().createProduct({ name, priceData: { price }, ...extra })).product.id

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
  })
  afterAll(() => catalog.close())

  it('sets price, cost or weight of many products, reporting each one', async () => {
    const a = await make('Bulk A', 10, { discount: { type: 'PERCENT', value: 10 } })
    const b = await make('Bulk B', 20)
    const before = (await catalog.events('ProductChanged')).length
    const response = await writer().bulkUpdateProductsProperty([a, 'ghost', b], { price: 30 })
    expect(response).toEqual({
      results: [
        { itemMetadata: { id: a, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: 'ghost',
            originalIndex: 1,
            success: false,
            error: { code: 'NOT_FOUND', description: 'Product "ghost" not found', data: {} },
          },
        },
        { itemMetadata: { id: b, originalIndex: 2, success: true } },
      ],
      bulkActionMetadata: { totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 },
    })
    expect((await get(a)).priceData).toMatchObject({ price: 30, discountedPrice: 27 })
    expect((await get(b)).priceData).toMatchObject({ price: 30, discountedPrice: 30 })
    await writer().bulkUpdateProductsProperty([b], { cost: 12, weight: 1.5 })
    expect(await get(b)).toMatchObject({
      weight: 1.5,
      costAndProfitData: { itemCost: 12, profit: 18 },
    })
    const changes = (await catalog.events('ProductChanged'))
      .slice(before)
      .map((e) => [e.payload.productId, e.payload.changedFields])
    expect(changes).toEqual([
      [a, ['price']],
      [b, ['price']],
      [b, ['costAndProfitData', 'weight']],
    ])
  })

  it('adjusts by an amount or a percentage; a value below 0 fails that product only', async () => {
    const a = await make('Adjust A', 10)
    const b = await make('Adjust B', 3)
    const response = await writer().bulkAdjustProductProperty({ price: { amount: -4 } }, [a, b])
    expect(response.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    })
    expect(response.results![1]!.itemMetadata).toMatchObject({
      id: b,
      success: false,
      error: { code: 'INVALID_VALUE', description: 'The price would be below 0 (-1)' },
    })
    expect((await get(a)).priceData?.price).toBe(6)
    expect((await get(b)).priceData?.price).toBe(3)
    // Nor past the catalog's largest amount.
    const huge = await writer().bulkAdjustProductProperty({ price: { amount: 999_999_999 } }, [a])
    expect(huge.results![0]!.itemMetadata).toMatchObject({
      success: false,
      error: {
        code: 'INVALID_VALUE',
        description: 'The price would be above 1000000000 (1000000005)',
      },
    })

    await writer().bulkAdjustProductProperty({ price: { percentage: 12.5 } }, [a, b])
    expect([(await get(a)).priceData?.price, (await get(b)).priceData?.price]).toEqual([6.75, 3.38])
    await writer().bulkAdjustProductProperty(
      { cost: { amount: 2.5 }, weight: { percentage: 50 } },
      [a],
    )
    expect(await get(a)).toMatchObject({ weight: 0, costAndProfitData: { itemCost: 2.5 } })
  })

  it('computes prices in minor units: 0.15 + 50 % is 0.23 (in floats, 0.22499999… → 0.22)', async () => {
    const id = await make('Exact', 0.15)
    await writer().bulkAdjustProductProperty({ price: { percentage: 50 } }, [id])
    expect((await get(id)).priceData?.price).toBe(0.23)
    await writer().bulkAdjustProductProperty({ price: { amount: 0.1 } }, [id])
    await writer().bulkAdjustProductProperty({ price: { amount: 0.2 } }, [id])
    expect((await get(id)).priceData?.price).toBe(0.53)
  })

  it('answers 400 for malformed bulk bodies', async () => {
    const id = await make('Bulk C', 1)
    const bad: [() => Promise<unknown>, string[]][] = [
      [() => writer().bulkUpdateProductsProperty([], { price: 1 }), ['ids']],
      [() => writer().bulkUpdateProductsProperty([id, id], { price: 1 }), ['ids']],
      [() => writer().bulkUpdateProductsProperty([id], {}), ['set']],
      [() => writer().bulkUpdateProductsProperty([id], { colour: 1 } as BulkSet), ['set.colour']],
      [() => writer().bulkUpdateProductsProperty([id], { price: -1 }), ['set.price']],
      [() => writer().bulkAdjustProductProperty({}, [id]), ['adjust']],
      [() => writer().bulkAdjustProductProperty({ price: {} }, [id]), ['adjust.price']],
      [
        () => writer().bulkAdjustProductProperty({ price: { amount: 1, percentage: 1 } }, [id]),
        ['adjust.price'],
      ],
      [
        () =>
          writer().bulkAdjustProductProperty({ price: { percentage: -101 } } as BulkAdjust, [id]),
        ['adjust.price.percentage'],
      ],
    ]
    for (const [call, fields] of bad)
      expect(violatedFields(await rejection(call()))).toEqual(fields)
    expect((await get(id)).priceData?.price).toBe(1)
  })
})
