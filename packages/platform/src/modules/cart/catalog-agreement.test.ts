import {
  createClient,
  currentCart,
  OAuthStrategy,
  products,
  STORES_APP_ID,
  type LineItem,
} from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct, withOption } from '../../test-support/catalog-fixtures.js'
import { startPlatform, type TestPlatform } from '../../test-support/platform.js'

/*
 * A cart line says what the catalog says: its unit price, SKU, weight and stock are those of the
 * variant as the catalog's own product answer shows it, for products that manage their variants
 * and for those that do not (whose variants' own values the catalog ignores).
 */
describe('a cart line and the catalog agree', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startPlatform('sqlite', { seed: 'demo', workers: false })
    const db = platform.app.platform.db.kysely
    // Variants that carry their own price, SKU and weight, on a product that does not manage them.
    const { options, variants } = withOption('Size', ['S', 'M'])
    await insertProduct(db, {
      name: 'Unmanaged tee',
      price: 20,
      sku: 'UNMANAGED',
      manageVariants: false,
      options,
      variants: variants.map((variant) => ({ ...variant, price: 99, sku: 'OWN-SKU', weight: 7 })),
    })
  })
  afterAll(() => platform?.close())

  it('for every variant of every visible product', async () => {
    const client = createClient({
      modules: { currentCart, products },
      auth: OAuthStrategy({ clientId: 'demo-storefront' }),
      baseUrl: platform.baseUrl,
    })
    const { items } = await client.products.queryProducts().limit(100).find()
    const compared: string[] = []
    for (const product of items) {
      for (const variant of product.variants ?? []) {
        if (variant.variant?.visible === false || variant.stock?.inStock === false) continue
        const { cart } = await client.currentCart.addToCurrentCart({
          lineItems: [
            {
              quantity: 1,
              catalogReference: {
                catalogItemId: product.id!,
                appId: STORES_APP_ID,
                options: { variantId: variant.id! },
              },
            },
          ],
        })
        const line = cart!.lineItems!.find(
          (item: LineItem) =>
            item.catalogReference?.catalogItemId === product.id &&
            (item.catalogReference?.options as { variantId?: string })?.variantId === variant.id,
        )!
        const data = variant.variant!
        expect(
          {
            price: line.price?.amount,
            sku: line.physicalProperties?.sku ?? null,
            weight: line.physicalProperties?.weight ?? 0,
          },
          `${product.name} ${JSON.stringify(variant.choices)}`,
        ).toEqual({
          price: String(data.priceData?.discountedPrice?.toFixed(2)),
          sku: data.sku ?? null,
          weight: data.weight ?? 0,
        })
        compared.push(product.name!)
        await client.currentCart.deleteCurrentCart()
      }
    }
    expect(compared).toContain('Unmanaged tee')
    expect(compared.length).toBeGreaterThan(20)
  })
})
