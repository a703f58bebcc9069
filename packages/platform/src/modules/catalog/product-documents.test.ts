import type { Product } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transaction } from '../../db/transaction.js'
import { rejection, startCatalog, type CatalogPlatform } from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'
import { productDocuments } from './product-documents.js'
import { productViews, type ProductViewOptions } from './product-view.js'
import { lockStock, returnStock, takeStock } from './stock.js'

/** A seeded pseudo-random generator (mulberry32): the same steps for a seed, run after run. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (below: number) => Math.floor(next() * below)
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    price: () => int(10_000) / 100,
  }
}

const SEED = Number(process.env.DOCUMENTS_SEED ?? 22)
const STEPS = 120
const SHOWN: ProductViewOptions[] = [
  { merchant: false, base: 'https://shop.test', publicUrl: 'https://platform.test/base' },
  { merchant: true, base: 'https://shop.test', publicUrl: 'https://platform.test/base' },
]
const SYSTEM = { identityType: 'UNKNOWN' } as const

describe.each(DIALECTS)('stored product documents on %s', (dialect) => {
  let catalog: CatalogPlatform
  const db = () => catalog.platform.app.platform.db
  const writer = () => catalog.admin.catalogWriter

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
  })
  afterAll(() => catalog.close())

  /** Every stored document, as each of `SHOWN` sees it, is the product built from its rows now. */
  async function expectFresh(step: string): Promise<void> {
    const kysely = db().kysely
    const rows = await kysely.selectFrom('products').selectAll().orderBy('id').execute()
    const built = await productViews(kysely, rows, SHOWN)
    const stored = await kysely
      .selectFrom('product_documents')
      .select(['product_id', 'visible'])
      .orderBy('product_id')
      .execute()
    const visibility = rows.map((row) => ({ product_id: row.id, visible: row.visible }))
    expect(stored, step).toEqual(visibility)
    for (const [k, options] of SHOWN.entries()) {
      const texts = await productDocuments(
        kysely,
        rows.map((row) => row.id),
        { elevated: true },
        options,
      )
      expect(
        texts.map((text) => JSON.parse(text)),
        step,
      ).toEqual(built[k])
      expect(texts, step).toEqual(built[k]!.map((product) => JSON.stringify(product)))
    }
  }

  it('equal the products built from their rows after each of random catalog writes', async () => {
    const random = generator(SEED)
    const products: Product[] = []
    const collections: string[] = []
    let media = 0
    const someProduct = () => random.pick(products)
    const fresh = async (id: string) => (await catalog.admin.products.getProduct(id)).product
    const options = () =>
      Array.from({ length: 1 + random.int(2) }, (_, o) => ({
        name: ['Color', 'Size'][o]!,
        choices: Array.from({ length: 1 + random.int(3) }, (_, c) => ({
          value: `${'ABC'[c]}${o}`,
          description: `${'ABC'[c]}${o}`,
        })),
      }))
    const choiceOf = (product: Product) => {
      const option = random.pick(product.productOptions ?? [])
      return option && { option: option.name!, choice: random.pick(option.choices!).description! }
    }
    const steps: Record<string, () => Promise<unknown>> = {
      async createProduct() {
        const { product } = await writer().createProduct({
          name: `P${products.length}`,
          priceData: { price: random.price() },
          costAndProfitData: { itemCost: random.price() / 2 },
          visible: random.chance(0.8),
          ...(random.chance(0.5) && { productOptions: options() }),
          manageVariants: random.chance(0.5),
          ...(random.chance(0.5) && { stock: { trackInventory: true, quantity: random.int(5) } }),
          ...(random.chance(0.3) && { brand: 'Acme', ribbon: 'New' }),
          ...(random.chance(0.3) && { discount: { type: 'PERCENT', value: 10 } }),
        } as Partial<Product>)
        products.push(product)
      },
      async updateProduct() {
        const { id } = someProduct()
        const change = random.pick<Partial<Product>>([
          { priceData: { price: random.price() } },
          { visible: random.chance(0.5) },
          { name: `Renamed ${random.int(100)}` },
          { productOptions: options() },
          { manageVariants: random.chance(0.5) },
          { stock: { trackInventory: true, quantity: random.int(5) } },
          { discount: { type: 'AMOUNT', value: 1 } } as Partial<Product>,
          {
            pricePerUnitData: {
              totalQuantity: 2,
              totalMeasurementUnit: 'KG',
              baseQuantity: 1,
              baseMeasurementUnit: 'KG',
            },
          } as Partial<Product>,
        ])
        await writer().updateProduct(id!, change)
      },
      async deleteProduct() {
        const product = someProduct()
        await writer().deleteProduct(product.id!)
        products.splice(products.indexOf(product), 1)
      },
      async updateVariants() {
        const product = await fresh(someProduct().id!)
        if (!product.manageVariants) return
        const variant = random.pick(product.variants!)
        await writer().updateProductVariants(product.id!, [
          {
            variantIds: [variant.id!],
            price: random.price(),
            cost: random.price() / 3,
            visible: random.chance(0.7),
            sku: `SKU${random.int(50)}`,
          },
        ])
      },
      resetVariants: () => writer().resetAllProductVariantData(someProduct().id!),
      deleteOptions: () => writer().deleteProductOptions(someProduct().id!),
      removeBrandOrRibbon: () =>
        random.chance(0.5)
          ? writer().removeBrand(someProduct().id!)
          : writer().removeRibbon(someProduct().id!),
      async addMedia() {
        const product = await fresh(someProduct().id!)
        const choice = random.chance(0.5) ? choiceOf(product) : undefined
        // Paths are the platform's own media: made absolute on the public URL when answering.
        const url = random.chance(0.5)
          ? `/media/pic-${media++}.svg`
          : `https://img.test/${media++}.jpg`
        await writer().addProductMedia(product.id!, [{ url, ...(choice && { choice }) }])
      },
      async removeMedia() {
        const product = await fresh(someProduct().id!)
        const item = random.pick(product.media?.items ?? [])
        if (item) await writer().removeProductMedia(product.id!, [item.id!])
      },
      async choiceMedia() {
        const product = await fresh(someProduct().id!)
        const choice = choiceOf(product)
        const item = random.pick(product.media?.items ?? [])
        if (!choice || !item) return
        const assignment = { ...choice, mediaIds: [item.id!] }
        if (random.chance(0.6)) await writer().addProductMediaToChoices(product.id!, [assignment])
        else await writer().removeProductMediaFromChoices(product.id!, [assignment])
      },
      async createCollection() {
        const { collection } = await writer().createCollection({ name: `C${collections.length}` })
        collections.push(collection.id!)
      },
      async membership() {
        if (collections.length === 0) await steps.createCollection!()
        const ids = [...new Set([someProduct().id!, someProduct().id!])]
        const collection = random.pick(collections)
        if (random.chance(0.6)) await writer().addProductsToCollection(collection, ids)
        else await writer().removeProductsFromCollection(collection, ids)
      },
      async renameCollection() {
        if (collections.length === 0) await steps.createCollection!()
        await writer().updateCollection(random.pick(collections), { name: `R${random.int(99)}` })
      },
      async deleteCollection() {
        if (collections.length === 0) return
        const id = collections.splice(random.int(collections.length), 1)[0]!
        await writer().deleteCollection(id)
      },
      async bulk() {
        const ids = products.filter(() => random.chance(0.5)).map((product) => product.id!)
        if (ids.length === 0) return
        if (random.chance(0.5))
          await writer().bulkUpdateProductsProperty(ids, { price: random.price() })
        else await writer().bulkAdjustProductProperty({ weight: { amount: 0.25 } }, ids)
      },
      async stock() {
        const product = await fresh(someProduct().id!)
        const variant = random.pick(product.variants ?? [])
        const want = {
          productId: product.id!,
          variantId: variant?.id ?? null,
          name: product.name!,
          quantity: 1 + random.int(2),
        }
        // As an order takes its stock, or a canceled one gives it back.
        await transaction(db(), async (trx) => {
          const takes = await lockStock(trx, [want])
          if (random.chance(0.6))
            await takeStock(
              trx,
              takes.filter((take) => take.quantity <= take.available),
              SYSTEM,
            )
          else await returnStock(trx, takes, SYSTEM)
        })
      },
    }
    // Memberships and stock twice as often as the rest; products are created while there are few.
    const names = [...Object.keys(steps), 'membership', 'stock']
    for (let step = 0; step < STEPS; step++) {
      const name = products.length < 3 || random.chance(0.1) ? 'createProduct' : random.pick(names)
      await steps[name]!()
      await expectFresh(`step ${step}: ${name}`)
    }
  })

  it('answers a hidden product to elevated readers only, and none that is gone', async () => {
    const { product } = await writer().createProduct({ name: 'Hidden', visible: false })
    expect((await catalog.admin.products.getProduct(product.id!)).product).toMatchObject({
      id: product.id,
      visible: false,
    })
    expect(await rejection(catalog.visitor.products.getProduct(product.id!))).toMatchObject({
      status: 404,
    })
    await writer().deleteProduct(product.id!)
    expect(await rejection(catalog.admin.products.getProduct(product.id!))).toMatchObject({
      status: 404,
    })
  })

  it('answers a merchant its cost and profit, and nobody else', async () => {
    const { product } = await writer().createProduct({
      name: 'Costly',
      priceData: { price: 10 },
      costAndProfitData: { itemCost: 4 },
    } as Partial<Product>)
    const shown = (await catalog.visitor.products.getProduct(product.id!)).product
    expect(shown.costAndProfitData).toBeUndefined()
    const admin = catalog.admin.products
    expect((await admin.getProduct(product.id!)).product.costAndProfitData).toBeUndefined()
    const merchant = await admin.getProduct(product.id!, { includeMerchantSpecificData: true })
    expect(merchant.product.costAndProfitData).toMatchObject({ itemCost: 4, profit: 6 })
  })
})
