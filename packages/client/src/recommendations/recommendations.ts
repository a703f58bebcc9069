import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type {
  Algorithm,
  GetRecommendationOptions,
  GetRecommendationResponse,
  ListAvailableAlgorithmsResponse,
} from './types.js'

// The first of the provider's two paths, the one its client sends (docs/wire-recommendations.md R.1).
const PATH = '/v1/recommendations/'

const endpoints = {
  list: { method: 'GET', path: PATH + 'algorithms' },
  get: { method: 'POST', path: PATH + 'get' },
} satisfies Record<string, Endpoint>

/** What the provider refuses (R.3), refused before sending; undefined when within its limits. */
function outOfBounds(algorithms: Algorithm[], options: GetRecommendationOptions): string | void {
  const count = Array.isArray(algorithms) ? algorithms.length : 0
  if (count < 1 || count > 10) return `${count} algorithms, where 1 to 10 are allowed`
  if ((options.items?.length ?? 0) > 300)
    return `${options.items!.length} items, where at most 300 are allowed`
  if ((options.minimumRecommendedItems ?? 0) > 100)
    return `minimumRecommendedItems ${options.minimumRecommendedItems}, where at most 100 is allowed`
}

/**
 * Item recommendations ("you may also like") from the site's recommendation algorithms (ecom
 * recommendations v1). Pass it to `createClient`'s `modules`, or bind it with `client.use`.
 *
 * @example
 * const client = createClient({ modules: { recommendations }, auth: OAuthStrategy({ clientId }) })
 * const { recommendation } = await client.recommendations.getRecommendation(
 *   [{ id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP_ID }], // "From the same categories"
 *   { items: [{ catalogItemId: productId, appId: STORES_APP_ID }], minimumRecommendedItems: 3 },
 * )
 * const productIds = recommendation?.items.map((item) => item.catalogItemId) ?? []
 */
export const recommendations = {
  /** The algorithms the site may use. Calls `GET /v1/recommendations/algorithms`. */
  listAvailableAlgorithms:
    (http: Http) =>
    (options?: CallOptions): Promise<ListAvailableAlgorithmsResponse> =>
      http.call(endpoints.list, undefined, options),

  /**
   * The items the first of `algorithms` (in order of preference, 1 to 10) that recommends at
   * least `minimumRecommendedItems` recommends. Calls `POST /v1/recommendations/get`. Rejects
   * with a `RangeError`, sending nothing, past the provider's limits (10 algorithms, 300 items,
   * a minimum of 100).
   */
  getRecommendation:
    (http: Http) =>
    async (
      algorithms: Algorithm[],
      params: GetRecommendationOptions = {},
      options?: CallOptions,
    ): Promise<GetRecommendationResponse> => {
      const wrong = outOfBounds(algorithms, params)
      if (wrong) throw new RangeError(`getRecommendation: ${wrong}.`)
      const { items, minimumRecommendedItems } = params
      return http.call(endpoints.get, { algorithms, items, minimumRecommendedItems }, options)
    },
}
