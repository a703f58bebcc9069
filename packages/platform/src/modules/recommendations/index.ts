import type { PlatformModule } from '../module.js'
import { recommendationRoutes } from './routes.js'

/**
 * Recommendations (docs/wire-recommendations.md): `GET /v1/recommendations/algorithms` and
 * `POST /v1/recommendations/get` (also under `/ecom`), for any identity. One algorithm, Wix
 * Stores' "From the same categories" under its provider id, run on the catalog through its front
 * door (`relatedProducts`). Choices where the provider's facts are silent:
 * - algorithms the platform does not run are skipped when the list names its own (a template's
 *   list of several works); a list without it is a 400 `ALGORITHM_NOT_SUPPORTED`;
 * - an item of another app is a 400 `ITEM_APP_ID_NOT_SUPPORTED`, no items a 400 on `items`;
 * - no recommendation reaching `minimumRecommendedItems` is `{recommendation: {items: []}}`.
 */
export const recommendationsModule: PlatformModule = {
  name: 'recommendations',
  routes: recommendationRoutes,
}
