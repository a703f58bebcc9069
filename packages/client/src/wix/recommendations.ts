import { recommendations as main } from '../recommendations/recommendations.js'
import * as recommendation from '../enums/recommendation.js'

/**
 * `recommendations` as the official module has it: the operations of the main entry's `recommendations` and
 * the official module's enumeration (`recommendations.AlgorithmType.RELATED_ITEMS`).
 */
export const recommendations = {
  ...main,
  AlgorithmType: recommendation.AlgorithmType,
}

/**
 * The types of the recommendations calls under the module's name, by the official module's names
 * (`let found: recommendations.Recommendation`), and the value type of its enumeration.
 */
export declare namespace recommendations {
  export type Algorithm = import('../recommendations/types.js').Algorithm
  export type AlgorithmConfig = import('../recommendations/types.js').AlgorithmConfig
  export type AlgorithmInfo = import('../recommendations/types.js').AlgorithmInfo
  export type AlgorithmType = import('../enums/recommendation.js').AlgorithmType
  export type CatalogReference = import('../cart/types.js').CatalogReference
  export type GetRecommendationOptions =
    import('../recommendations/types.js').GetRecommendationOptions
  export type GetRecommendationResponse =
    import('../recommendations/types.js').GetRecommendationResponse
  export type ListAvailableAlgorithmsResponse =
    import('../recommendations/types.js').ListAvailableAlgorithmsResponse
  export type Recommendation = import('../recommendations/types.js').Recommendation
}
