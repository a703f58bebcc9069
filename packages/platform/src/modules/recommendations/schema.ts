/*
 * JSON schema of `getRecommendation` (docs/wire-recommendations.md R.3) and the body it lets
 * through. Keys the platform does not use are accepted and ignored, as in the cart's schemas.
 */
import { list, object, text, type FromSchema } from '../../http/schema.js'

/** The provider's limits of a request and of its answer. */
export const MAX_ALGORITHMS = 10
export const MAX_ITEMS = 300
export const MAX_RECOMMENDED_ITEMS = 100

const GUID = '^[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}$'

const algorithm = object({ id: { type: 'string', pattern: GUID }, appId: text(36, 1) }, [
  'id',
  'appId',
])

const catalogReference = object(
  {
    catalogItemId: text(36, 1),
    appId: text(36, 1),
    options: { type: ['object', 'null'], maxProperties: 50 },
  },
  ['catalogItemId', 'appId'],
)

export const getRecommendationBody = object(
  {
    algorithms: list(algorithm, MAX_ALGORITHMS, 1),
    items: list(catalogReference, MAX_ITEMS),
    minimumRecommendedItems: { type: 'integer', minimum: 0, maximum: MAX_RECOMMENDED_ITEMS },
  },
  ['algorithms'],
)
export type GetRecommendationBody = FromSchema<typeof getRecommendationBody>
