import { createClient, currentCart, OAuthStrategy, STORES_APP_ID } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { insertProduct } from '../../test-support/catalog-fixtures.js'

const ADDS = 200

describe.each(DIALECTS)('concurrent adds to one cart on %s', (dialect) => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())

  it(
    `loses none of ${ADDS} parallel adds of one unit from one visitor`,
    { timeout: 60_000 },
    async () => {
      const db = platform.app.platform.db.kysely
      const product = await insertProduct(db, { price: 1.5 })
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      const cart = createClient({
        modules: { currentCart },
        auth,
        baseUrl: platform.baseUrl,
      }).currentCart
      await auth.getAuthHeaders()
      const catalogReference = { catalogItemId: product.id, appId: STORES_APP_ID }

      // All at once: the very first add races to create the cart, every later one to change it.
      const answers = await Promise.all(
        Array.from({ length: ADDS }, () =>
          cart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference }] }),
        ),
      )
      const quantities = answers.map(({ cart: answer }) => answer.lineItems[0]!.quantity ?? 0)
      expect(new Set(quantities).size).toBe(ADDS)
      expect(Math.max(...quantities)).toBe(ADDS)

      const final = await cart.getCurrentCart()
      expect(final.lineItems).toHaveLength(1)
      expect(final.lineItems[0]!.quantity).toBe(ADDS)
      expect(final.subtotal?.amount).toBe('300.00')
      const carts = await db.selectFrom('carts').select('id').execute()
      expect(carts).toEqual([{ id: final.id }])
      const events = await db
        .selectFrom('events')
        .select('event_type')
        .where('event_type', 'like', 'wix.ecom.v1.cart_%')
        .execute()
      expect(events.filter((event) => event.event_type.endsWith('_created'))).toHaveLength(1)
      expect(events.filter((event) => event.event_type.endsWith('_updated'))).toHaveLength(ADDS - 1)
    },
  )
})
