import { absoluteMedia } from './media-urls.js'
import { parseJson, type CollectionRow } from './rows.js'
import type { Media, WireCollection } from './types.js'

/**
 * The wire collection: `{id, name, media, numberOfProducts, description, slug, visible}`, its
 * media on `publicUrl`.
 */
export function collectionView(
  row: CollectionRow,
  numberOfProducts: number,
  publicUrl: string,
): WireCollection {
  return {
    id: row.id,
    name: row.name,
    media: absoluteMedia(parseJson<Partial<Media>>(row.media, {}), publicUrl),
    numberOfProducts,
    description: row.description,
    slug: row.slug,
    visible: row.visible === 1,
    lastUpdated: row.last_updated,
  }
}
