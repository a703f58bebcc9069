import { collections as main } from '../catalog/collections.js'
import * as catalog from '../enums/catalog.js'

/**
 * `collections` as the official module has it: the operations of the main entry's `collections` and
 * the official module's enumerations (`collections.SortOrder.ASC`).
 */
export const collections = {
  ...main,
  MediaItemType: catalog.MediaType,
  SortOrder: catalog.SortOrder,
}

/**
 * The types of collections under the module's name, by the official module's names
 * (`let collection: collections.Collection`), and the value types of its enumerations.
 */
export declare namespace collections {
  export type Collection = import('../catalog/types.js').Collection
  export type Media = import('../catalog/types.js').ProductMedia
  export type MediaItem = import('../catalog/types.js').MediaItem
  export type MediaItemUrlAndSize = import('../catalog/types.js').MediaImage
  export type QueryCollectionsResponse = import('../catalog/types.js').QueryCollectionsResponse

  export type MediaItemType = import('../enums/catalog.js').MediaType
  export type SortOrder = import('../enums/catalog.js').SortOrder
}
