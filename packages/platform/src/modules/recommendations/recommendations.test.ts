import { recommendations, STORES_APP_ID, type Algorithm, type BoundModule } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rejection,
  startCatalog,
  violatedFields,
  type CatalogPlatform,
} from '../../test-support/catalog.js'
import { DIALECTS } from '../../test-support/platform.js'

const SAME_CATEGORIES: Algorithm = {
  id: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
  appId: STORES_APP_ID,
}
const BOUGHT_TOGETHER: Algorithm = {
  id: 'd5aac1e1-2e53-4d11-85f7-7172710b4783',
  appId: STORES_APP_ID,
}
const item = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID })

describe.each(DIALECTS)('recommendations on %s', (dialect) => {
  let catalog: CatalogPlatform
  let shopper: BoundModule<typeof recommendations>
  /** Product ids by name, in creation (catalog) order: A B C D E F, and H hidden. */
  const id: Record<string, string> = {}
  /** The ids of the recommended items of `names`, with `minimumRecommendedItems`. */
  const recommended = async (names: string[], minimumRecommendedItems?: number) => {
    const { recommendation } = await shopper.getRecommendation([SAME_CATEGORIES], {
      items: names.map((name) => item(id[name] ?? name)),
      minimumRecommendedItems,
    })
    const byId = Object.fromEntries(Object.entries(id).map(([name, value]) => [value, name]))
    return recommendation?.items.map((found) => byId[found.catalogItemId])
  }
  const post = async (body: unknown, path = '/v1/recommendations/get', auth = true) => {
    const headers = auth ? (await catalog.visitor.auth.getAuthHeaders()).headers : {}
    return fetch(catalog.platform.baseUrl + path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }

  beforeAll(async () => {
    catalog = await startCatalog(dialect)
    shopper = catalog.visitor.use(recommendations)
    const writer = catalog.admin.catalogWriter
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'H'])
      id[name] = (await writer.createProduct({ name, visible: name !== 'H' })).product.id
    const collection = async (name: string, members: string[], visible = true) => {
      const created = (await writer.createCollection({ name, visible })).collection
      await writer.addProductsToCollection(
        created.id,
        members.map((member) => id[member]!),
      )
    }
    await collection('X', ['A', 'B', 'C', 'H'])
    await collection('Y', ['A', 'B', 'D'])
    await collection('Z', ['A', 'E'], false)
    await collection('W', ['F', 'H'])
  })
  afterAll(() => catalog.close())

  it('lists the one algorithm it runs, in the provider shape', async () => {
    expect(await shopper.listAvailableAlgorithms()).toEqual({
      availableAlgorithms: [
        {
          config: {
            name: 'From the same categories',
            description: expect.stringMatching(/^Visible products in the most visible collections/),
            algorithmType: 'RELATED_ITEMS',
            algorithmId: SAME_CATEGORIES.id,
          },
          appId: STORES_APP_ID,
          catalogAppIds: [STORES_APP_ID],
        },
      ],
    })
  })

  it('recommends products of the same visible collections, most shared first, then in order', async () => {
    const { recommendation } = await shopper.getRecommendation([SAME_CATEGORIES], {
      items: [item(id.A!)],
    })
    expect(recommendation).toEqual({
      items: [item(id.B!), item(id.C!), item(id.D!)],
      algorithm: SAME_CATEGORIES,
    })
    // B shares X and Y with A and D; C shares X. Given items are never recommended.
    expect(await recommended(['A', 'D'])).toEqual(['B', 'C'])
  })

  it('fills up from the rest of the visible catalog to the minimum, or recommends nothing', async () => {
    // E is only in a hidden collection with A: it comes with the rest, in catalog order.
    expect(await recommended(['A'], 5)).toEqual(['B', 'C', 'D', 'E', 'F'])
    expect(await recommended(['A'], 3)).toEqual(['B', 'C', 'D'])
    // Five other visible products: a minimum of 6 is met by no algorithm.
    const { recommendation } = await shopper.getRecommendation([SAME_CATEGORIES], {
      items: [item(id.A!)],
      minimumRecommendedItems: 6,
    })
    expect(recommendation).toEqual({ items: [] })
  })

  it('never shows hidden products, nor relates through one', async () => {
    // H is hidden: its collections X and W relate nothing, and it is never recommended.
    expect(await recommended(['H'])).toEqual([])
    expect(await recommended(['H'], 2)).toEqual(['A', 'B'])
    // F shares W only with H.
    expect(await recommended(['F'])).toEqual([])
    expect(await recommended(['F'], 5)).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(await recommended(['no-such-product'], 1)).toEqual(['A'])
  })

  it("skips algorithms it does not run when the list names its own (a template's list)", async () => {
    const { recommendation } = await shopper.getRecommendation([BOUGHT_TOGETHER, SAME_CATEGORIES], {
      items: [item(id.A!)],
      minimumRecommendedItems: 3,
    })
    expect(recommendation).toEqual({
      items: [item(id.B!), item(id.C!), item(id.D!)],
      algorithm: SAME_CATEGORIES,
    })
  })

  it('answers the provider application errors', async () => {
    const unsupported = await rejection(
      shopper.getRecommendation([BOUGHT_TOGETHER], { items: [item(id.A!)] }),
    )
    expect(unsupported).toMatchObject({
      status: 400,
      kind: 'application',
      code: 'ALGORITHM_NOT_SUPPORTED',
      data: { unsupportedAlgorithms: [BOUGHT_TOGETHER] },
    })
    const bookings = { catalogItemId: 'service-1', appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97' }
    const foreign = await rejection(
      shopper.getRecommendation([SAME_CATEGORIES], { items: [item(id.A!), bookings] }),
    )
    expect(foreign).toMatchObject({
      status: 400,
      code: 'ITEM_APP_ID_NOT_SUPPORTED',
      data: { items: [bookings], algorithms: [SAME_CATEGORIES] },
    })
    const noItems = await rejection(shopper.getRecommendation([SAME_CATEGORIES]))
    expect(noItems).toMatchObject({ status: 400, kind: 'validation' })
    expect(violatedFields(noItems)).toEqual(['items'])
  })

  it('refuses out-of-bounds and malformed bodies with field violations', async () => {
    const violations = async (body: unknown) => {
      const response = await post(body)
      expect(response.status).toBe(400)
      const { details } = (await response.json()) as {
        details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } }
      }
      return details.validationError.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`)
    }
    expect(
      await violations({
        algorithms: Array(11).fill(SAME_CATEGORIES),
        items: Array(301).fill(item('p')),
        minimumRecommendedItems: 101,
      }),
    ).toEqual(['algorithms MAX_SIZE', 'items MAX_SIZE', 'minimumRecommendedItems MAX'])
    expect(
      await violations({
        algorithms: [{ id: 'not-a-guid' }],
        items: [{ catalogItemId: 'x'.repeat(37), appId: STORES_APP_ID }],
      }),
    ).toEqual([
      'algorithms[0].appId REQUIRED_FIELD',
      'algorithms[0].id FORMAT',
      'items[0].catalogItemId MAX_LENGTH',
    ])
    expect(await violations({ algorithms: [], items: [item(id.A!)] })).toEqual([
      'algorithms MIN_SIZE',
    ])
    expect(await violations({ items: [item(id.A!)] })).toEqual(['algorithms REQUIRED_FIELD'])
  })

  it('serves the /ecom alias the same, and no caller without a token', async () => {
    const body = { algorithms: [SAME_CATEGORIES], items: [item(id.A!)] }
    const [direct, alias] = await Promise.all([
      post(body),
      post(body, '/ecom/v1/recommendations/get'),
    ])
    expect(await alias.json()).toEqual(await direct.json())
    expect((await post(body, '/v1/recommendations/get', false)).status).toBe(401)
    const list = await fetch(catalog.platform.baseUrl + '/ecom/v1/recommendations/algorithms')
    expect(list.status).toBe(401)
  })
})
