import { createClient as createOfficialClient } from '@wix/sdk'
import * as officialRecommendations from '@wix/auto_sdk_ecom_recommendations'
// The entry for ports, whose module carries the official module's enumeration (`AlgorithmType`).
import {
  createClient,
  recommendations,
  STORES_APP_ID,
  type ApiError,
  type BoundModule,
} from '@vitrine/client/wix'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection, startCatalog, type CatalogPlatform } from '../../test-support/catalog.js'

/*
 * The provider's own client (`@wix/sdk` with the recommendations module of `@wix/ecom`) against
 * the platform, side by side with `@vitrine/client`: the same requests on the wire (method, path,
 * query, body), the same answers (but for the official `_id`), the same errors.
 */

const SAME_CATEGORIES = '68ebce04-b96a-4c52-9329-08fc9d8c1253'
const BOUGHT_TOGETHER = 'd5aac1e1-2e53-4d11-85f7-7172710b4783'
const PROVIDER = 'https://www.wixapis.com'

interface Sent {
  method: string
  path: string
  body: unknown
}

/** A `fetch` to the platform at `baseUrl` that records what it is asked to send. */
function recordingFetch(baseUrl: string, sent: Sent[]): typeof fetch {
  return (input, init = {}) => {
    const url = new URL(String(input))
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    })
    return fetch(baseUrl + url.pathname + url.search, init)
  }
}

/** A visitor's access token, from the platform's token endpoint. */
async function visitorToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

/** The official client of the recommendations module, its requests sent to the platform. */
const officialClient = (baseUrl: string, token: string, sent: Sent[]) =>
  createOfficialClient({
    modules: { recommendations: officialRecommendations },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: token } }) },
    // It keeps its provider host: the requests are sent to the platform.
    fetch: recordingFetch(baseUrl, sent),
  }).recommendations

describe('the official recommendations client against the platform', () => {
  let catalog: CatalogPlatform
  const officialSent: Sent[] = []
  const ourSent: Sent[] = []
  let official: ReturnType<typeof officialClient>
  let ours: BoundModule<typeof recommendations>
  const ids: Record<string, string> = {}
  const item = (name: string) => ({ catalogItemId: ids[name]!, appId: STORES_APP_ID })

  /** The request each client sent last. */
  const lastSent = () => [officialSent.at(-1), ourSent.at(-1)]

  beforeAll(async () => {
    catalog = await startCatalog('sqlite')
    const { baseUrl } = catalog.platform
    const token = await visitorToken(baseUrl)
    official = officialClient(baseUrl, token, officialSent)
    ours = createClient({
      modules: { recommendations },
      auth: { getAuthHeaders: () => ({ headers: { Authorization: token } }) },
      baseUrl: PROVIDER,
      fetch: recordingFetch(baseUrl, ourSent),
    }).recommendations
    const writer = catalog.admin.catalogWriter
    for (const name of ['A', 'B', 'C', 'D'])
      ids[name] = (await writer.createProduct({ name })).product.id
    for (const [name, members] of [
      ['X', ['A', 'B', 'C']],
      ['Y', ['A', 'B', 'D']],
    ] as const) {
      const { collection } = await writer.createCollection({ name })
      await writer.addProductsToCollection(
        collection.id,
        members.map((member) => ids[member]!),
      )
    }
  })
  afterAll(() => catalog.close())

  it('getRecommendation: the same request, the same recommendation', async () => {
    const options = { items: [item('A')], minimumRecommendedItems: 2 }
    const theirs = await official.getRecommendation(
      [
        { _id: BOUGHT_TOGETHER, appId: STORES_APP_ID },
        { _id: SAME_CATEGORIES, appId: STORES_APP_ID },
      ],
      options,
    )
    const mine = await ours.getRecommendation(
      [
        { id: BOUGHT_TOGETHER, appId: STORES_APP_ID },
        { id: SAME_CATEGORIES, appId: STORES_APP_ID },
      ],
      options,
    )
    expect(theirs).toEqual({
      recommendation: {
        items: [item('B'), item('C'), item('D')],
        algorithm: { _id: SAME_CATEGORIES, appId: STORES_APP_ID },
      },
    })
    expect(mine).toEqual({
      recommendation: {
        ...theirs.recommendation,
        algorithm: { id: SAME_CATEGORIES, appId: STORES_APP_ID },
      },
    })
    const [officialRequest, ourRequest] = lastSent()
    expect(officialRequest).toEqual({
      method: 'POST',
      path: '/v1/recommendations/get',
      body: {
        algorithms: [
          { id: BOUGHT_TOGETHER, appId: STORES_APP_ID },
          { id: SAME_CATEGORIES, appId: STORES_APP_ID },
        ],
        items: [item('A')],
        minimumRecommendedItems: 2,
      },
    })
    expect(ourRequest).toEqual(officialRequest)
  })

  it('getRecommendation without options and listAvailableAlgorithms: the same requests and answers', async () => {
    // No items for a RELATED_ITEMS algorithm: a 400 on `items`, which the official client
    // reports on its argument (`options.items`), ours on the wire's field.
    const theirError = (await official
      .getRecommendation([{ _id: SAME_CATEGORIES, appId: STORES_APP_ID }])
      .catch((error: unknown) => error)) as { status: number; details: any }
    const ourError = await rejection(
      ours.getRecommendation([{ id: SAME_CATEGORIES, appId: STORES_APP_ID }]),
    )
    expect(theirError.status).toBe(400)
    expect(theirError.details.validationError.fieldViolations).toMatchObject([
      { field: 'options.items', violatedRule: 'REQUIRED_FIELD' },
    ])
    expect(ourError.fieldViolations).toMatchObject([
      { field: 'items', violatedRule: 'REQUIRED_FIELD' },
    ])
    expect(ourSent.at(-1)).toEqual(officialSent.at(-1))
    expect(ourSent.at(-1)?.body).toEqual({
      algorithms: [{ id: SAME_CATEGORIES, appId: STORES_APP_ID }],
    })

    expect({ ...ours.AlgorithmType }).toEqual({ ...official.AlgorithmType })
    const theirs = await official.listAvailableAlgorithms()
    expect(await ours.listAvailableAlgorithms()).toEqual(theirs)
    expect(theirs.availableAlgorithms?.map((info) => info.config?.algorithmId)).toEqual([
      SAME_CATEGORIES,
    ])
    const [officialRequest, ourRequest] = lastSent()
    expect(officialRequest).toEqual({
      method: 'GET',
      path: '/v1/recommendations/algorithms',
      body: undefined,
    })
    expect(ourRequest).toEqual(officialRequest)
  })

  it("errors: a check written for the official client's error reads the same on ours", async () => {
    const unsupported = [{ _id: BOUGHT_TOGETHER, appId: STORES_APP_ID }]
    const theirs = (await official
      .getRecommendation(unsupported, { items: [item('A')] })
      .catch((error: unknown) => error)) as { status: number; details: any }
    const mine = await rejection(
      ours.getRecommendation([{ id: BOUGHT_TOGETHER, appId: STORES_APP_ID }], {
        items: [item('A')],
      }),
    )
    expect(theirs.status).toBe(400)
    expect(theirs.details.applicationError).toEqual({
      code: 'ALGORITHM_NOT_SUPPORTED',
      description: expect.stringContaining('No algorithm given is supported'),
      data: { unsupportedAlgorithms: [{ id: BOUGHT_TOGETHER, appId: STORES_APP_ID }] },
    })
    expect((mine as ApiError).details?.applicationError).toEqual(theirs.details.applicationError)
    expect(mine.code).toBe('ALGORITHM_NOT_SUPPORTED')
  })
})
