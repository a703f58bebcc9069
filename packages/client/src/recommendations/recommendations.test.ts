import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { STORES_APP_ID } from '../enums/commerce.js'
import { AlgorithmType } from '../enums/recommendation.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import * as wix from '../wix/index.js'
import { recommendations } from './recommendations.js'
import type { Algorithm, Recommendation } from './types.js'

const SAME_CATEGORIES: Algorithm = {
  id: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
  appId: STORES_APP_ID,
}
const item = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID })

function setup(body: unknown = {}) {
  const fetch = spyFetch(() => ({ body }))
  const client = createClient({
    modules: { recommendations },
    fetch,
    baseUrl: 'https://api.test',
    auth: { getAuthHeaders: () => ({ headers: { Authorization: 'visitor-token' } }) },
  })
  return { fetch, recommendations: client.recommendations }
}

describe('recommendations (docs/wire-recommendations.md R.1)', () => {
  it('getRecommendation posts the official body and returns the whole answer', async () => {
    const answer = {
      recommendation: { items: [item('p2'), item('p3')], algorithm: SAME_CATEGORIES },
    }
    const { fetch, recommendations } = setup(answer)
    const result = await recommendations.getRecommendation([SAME_CATEGORIES], {
      items: [item('p1')],
      minimumRecommendedItems: 2,
    })
    expect(result).toEqual(answer)
    expect(fetch.last).toMatchObject({
      method: 'POST',
      path: '/v1/recommendations/get',
      query: {},
      headers: { authorization: 'visitor-token', 'content-type': 'application/json' },
      body: { algorithms: [SAME_CATEGORIES], items: [item('p1')], minimumRecommendedItems: 2 },
    })
  })

  it('sends only the algorithms when given no options, as the official client does', async () => {
    const { fetch, recommendations } = setup({ recommendation: { items: [] } })
    await recommendations.getRecommendation([SAME_CATEGORIES])
    expect(fetch.last.body).toStrictEqual({ algorithms: [SAME_CATEGORIES] })
  })

  it('listAvailableAlgorithms gets with no parameters and returns the whole answer', async () => {
    const answer = {
      availableAlgorithms: [
        {
          config: {
            name: 'From the same categories',
            description: 'Items sharing categories',
            algorithmType: 'RELATED_ITEMS',
            algorithmId: SAME_CATEGORIES.id,
          },
          appId: STORES_APP_ID,
          catalogAppIds: [STORES_APP_ID],
        },
      ],
    }
    const { fetch, recommendations } = setup(answer)
    expect(await recommendations.listAvailableAlgorithms()).toEqual(answer)
    expect(fetch.last).toMatchObject({ method: 'GET', path: '/v1/recommendations/algorithms' })
    expect(fetch.last.url.search).toBe('')
    expect(fetch.last.body).toBeUndefined()
  })

  it.each([
    ['no algorithms', [], {}, '0 algorithms, where 1 to 10 are allowed'],
    ['11 algorithms', Array(11).fill(SAME_CATEGORIES), {}, '11 algorithms'],
    ['301 items', [SAME_CATEGORIES], { items: Array(301).fill(item('p')) }, '301 items'],
    [
      'a minimum of 101',
      [SAME_CATEGORIES],
      { minimumRecommendedItems: 101 },
      'minimumRecommendedItems 101',
    ],
  ])('refuses %s before sending anything', async (_, algorithms, params, message) => {
    const { fetch, recommendations } = setup()
    const call = recommendations.getRecommendation(algorithms as Algorithm[], params)
    await expect(call).rejects.toThrow(RangeError)
    await expect(call).rejects.toThrow(message)
    expect(fetch.requests).toHaveLength(0)
  })

  it('takes the limits themselves: 10 algorithms, 300 items, a minimum of 100', async () => {
    const { fetch, recommendations } = setup()
    await recommendations.getRecommendation(Array(10).fill(SAME_CATEGORIES), {
      items: Array(300).fill(item('p')),
      minimumRecommendedItems: 100,
    })
    expect(fetch.requests).toHaveLength(1)
  })

  it("refuses the official client's `_id`, naming the field and the wire's name", async () => {
    const { fetch, recommendations } = setup()
    const official = [{ _id: SAME_CATEGORIES.id, appId: STORES_APP_ID }] as unknown as Algorithm[]
    await expect(recommendations.getRecommendation(official)).rejects.toThrow(
      "`algorithms.0._id`: `_id` is the official client's name; this client sends the wire's names, use `id`.",
    )
    expect(fetch.requests).toHaveLength(0)
  })

  it("carries the official module's enumeration (@vitrine/client/wix), bound too, and its types under its name", () => {
    expect(wix.recommendations.AlgorithmType).toBe(AlgorithmType)
    const bound = createClient({}).use(wix.recommendations)
    expect(bound.AlgorithmType.RELATED_ITEMS).toBe('RELATED_ITEMS')
    expect(Object.keys(setup().recommendations)).not.toContain('AlgorithmType')
    expectTypeOf<wix.recommendations.Recommendation>().toEqualTypeOf<Recommendation>()
    expectTypeOf<wix.recommendations.AlgorithmType>().toEqualTypeOf<
      'UNSPECIFIED' | 'RELATED_ITEMS' | 'GLOBAL'
    >()
  })
})
