/** Enumerations of the recommendations API, as the wire spells them (docs/wire-recommendations.md). */

import { enumeration } from './enumeration.js'

/**
 * What a recommendation algorithm works from: `RELATED_ITEMS`, the items given to it (e.g. "From
 * the same categories"); `GLOBAL`, the whole catalog (e.g. best sellers).
 */
export const AlgorithmType = /* @__PURE__ */ enumeration('UNSPECIFIED RELATED_ITEMS GLOBAL')
/** An {@link AlgorithmType} value. */
export type AlgorithmType = (typeof AlgorithmType)[keyof typeof AlgorithmType]
