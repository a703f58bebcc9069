/**
 * Wire types of the recommendations calls (docs/wire-recommendations.md R.3), with the wire's
 * names: an algorithm's `id` where the official client has `_id`.
 */
import type { CatalogReference } from '../cart/types.js'
import type { AlgorithmType } from '../enums/recommendation.js'

/** An algorithm: its id (a GUID) as the app that provides it defines it, and that app's id. */
export interface Algorithm {
  id: string
  appId: string
}

/** What `getRecommendation` recommends from. */
export interface GetRecommendationOptions {
  /** The items to recommend from (at most 300); a `RELATED_ITEMS` algorithm needs them. */
  items?: CatalogReference[]
  /**
   * The fewest items an algorithm must recommend for its recommendation to be taken (at most
   * 100); when no algorithm gets there, the recommendation has no items.
   */
  minimumRecommendedItems?: number
}

/** Recommended items (at most 100), and the algorithm that recommended them. */
export interface Recommendation {
  items: CatalogReference[]
  /** Absent when no algorithm recommended `minimumRecommendedItems` items. */
  algorithm?: Algorithm
}

/** What `getRecommendation` answers. */
export interface GetRecommendationResponse {
  recommendation?: Recommendation
}

/** How an algorithm presents itself. */
export interface AlgorithmConfig {
  /** Not translated; at most 50 characters. */
  name: string
  /** How it works and what it needs; at most 500 characters. */
  description: string
  additionalInfo?: string | null
  algorithmType: AlgorithmType
  /** Its id (a GUID): an {@link Algorithm}'s `id`. */
  algorithmId: string
}

/** An algorithm a site may use: its config, the app providing it, the catalogs it works on. */
export interface AlgorithmInfo {
  config: AlgorithmConfig
  appId: string
  /** App ids of the catalogs it recommends from (e.g. Wix Stores'). */
  catalogAppIds?: string[]
}

/** What `listAvailableAlgorithms` answers. */
export interface ListAvailableAlgorithmsResponse {
  availableAlgorithms: AlgorithmInfo[]
}
