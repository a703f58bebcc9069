import { parseJson, type CollectionRow } from './rows.js'
import type { Media, WireCollection } from './types.js'

/** The wire collection: `{id, name, media, numberOfProducts, description, slug, visible}`. */
export function collectionView(row: CollectionRow, numberOfProducts: number): WireCollection {
  const media = parseJson<Media>(row.media, { items: [] })
  const items = Array.isArray(media.items) ? media.items : []
  const mainMedia = media.mainMedia ?? items[0]
  return {
    id: row.id,
    name: row.name,
    media: { ...(mainMedia ? { mainMedia } : {}), items },
    numberOfProducts,
    description: row.description,
    slug: row.slug,
    visible: row.visible === 1,
    lastUpdated: row.last_updated,
  }
}
