import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { relatedProducts, STORES_APP_ID } from '../catalog/index.js'
import { MAX_RECOMMENDED_ITEMS, type GetRecommendationBody } from './schema.js'

/** `{id, appId}` of an algorithm. */
type Algorithm = GetRecommendationBody['algorithms'][number]

/** The one algorithm the platform runs: Wix Stores' "From the same categories" (its provider id). */
const SAME_COLLECTIONS: Algorithm = {
  id: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
  appId: STORES_APP_ID,
}

const isOurs = (algorithm: Algorithm) =>
  algorithm.id.toLowerCase() === SAME_COLLECTIONS.id && algorithm.appId === STORES_APP_ID

/** `GET /v1/recommendations/algorithms`: the algorithm the platform runs, in the provider's shape. */
export const listAvailableAlgorithms = () => ({
  availableAlgorithms: [
    {
      config: {
        name: 'From the same categories',
        description:
          'Visible products in the most visible collections of the given products, then the ' +
          'rest of the catalog in its order up to the minimum asked for; never a given product.',
        algorithmType: 'RELATED_ITEMS',
        algorithmId: SAME_COLLECTIONS.id,
      },
      appId: STORES_APP_ID,
      catalogAppIds: [STORES_APP_ID],
    },
  ],
})

/**
 * `POST /v1/recommendations/get`. Runs the platform's one algorithm when `algorithms` names it
 * (the others are skipped: they would recommend nothing here), else answers the provider's
 * `ALGORITHM_NOT_SUPPORTED`. Its items: the products {@link relatedProducts} ranks, those sharing
 * a collection, and as many more as `minimumRecommendedItems` needs; fewer than that minimum is
 * an empty recommendation, `{items: []}`.
 */
export async function getRecommendation(
  ctx: PlatformContext,
  body: GetRecommendationBody,
): Promise<{
  recommendation: { items: { catalogItemId: string; appId: string }[]; algorithm?: Algorithm }
}> {
  const ours = body.algorithms.filter(isOurs)
  if (ours.length === 0)
    throw PlatformError.application(
      400,
      'ALGORITHM_NOT_SUPPORTED',
      `No algorithm given is supported: this platform runs "From the same categories" (${SAME_COLLECTIONS.id}) of Wix Stores (${STORES_APP_ID})`,
      { unsupportedAlgorithms: body.algorithms.map(({ id, appId }) => ({ id, appId })) },
    )
  const items = body.items ?? []
  if (items.length === 0)
    throw PlatformError.invalid(
      'items',
      'is required by a RELATED_ITEMS algorithm',
      'REQUIRED_FIELD',
    )
  const foreign = items.filter((item) => item.appId !== STORES_APP_ID)
  if (foreign.length > 0)
    throw PlatformError.application(
      400,
      'ITEM_APP_ID_NOT_SUPPORTED',
      `Only Wix Stores products (appId ${STORES_APP_ID}) are recommended from`,
      {
        items: foreign.map(({ catalogItemId, appId }) => ({ catalogItemId, appId })),
        algorithms: ours.map(({ id, appId }) => ({ id, appId })),
      },
    )

  const minimum = body.minimumRecommendedItems ?? 0
  const given = items.map((item) => item.catalogItemId)
  const ranked = await relatedProducts(ctx.db.kysely, given, MAX_RECOMMENDED_ITEMS)
  const sharing = ranked.filter((product) => product.sharedCollections > 0).length
  const chosen = ranked.slice(0, Math.max(sharing, minimum))
  if (chosen.length < minimum) return { recommendation: { items: [] } }
  return {
    recommendation: {
      items: chosen.map((product) => ({ catalogItemId: product.id, appId: STORES_APP_ID })),
      algorithm: SAME_COLLECTIONS,
    },
  }
}
