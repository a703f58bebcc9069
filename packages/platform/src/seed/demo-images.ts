import { slugify } from '../modules/catalog/index.js'
import { IMAGE_SIZE, type ImageSpec } from '../modules/media/index.js'
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from './demo-collections.js'
import type { DemoCollection, DemoProduct } from './demo-product.js'

/** A media item as products, choices, variants and collections store it (catalog/tables.ts). */
export interface DemoMediaItem {
  id: string
  mediaType: 'image'
  title: string
  image: { url: string; width: number; height: number; format: string; altText: string }
  thumbnail: { url: string; width: number; height: number }
}

const DETAILS = ['', 'Detail', 'In use'] as const

/**
 * The pictures of a product: one per colour when it has a colour option (keyed by colour name),
 * else `images` compositions of it (keyed by their index).
 */
export function productImages(product: DemoProduct): Map<string, ImageSpec> {
  const { motif, palette, images: count = 1 } = product.picture
  const [background, main, accent] = palette
  const colour = product.options?.find((option) => option.optionType === 'color')
  const images = new Map<string, ImageSpec>()
  if (colour)
    for (const choice of colour.choices)
      images.set(choice.name, {
        id: `demo-${product.slug}-${slugify(choice.name, '')}`,
        label: product.name,
        sublabel: choice.name,
        motif,
        palette: [background, choice.hex ?? main, accent],
        composition: 0,
      })
  else
    for (let index = 0; index < count; index++)
      images.set(String(index), {
        id: `demo-${product.slug}-${index + 1}`,
        label: product.name,
        ...(DETAILS[index] && { sublabel: DETAILS[index] }),
        motif,
        palette,
        composition: index as 0 | 1 | 2,
      })
  return images
}

/** The picture of a collection. */
export function collectionImage(collection: DemoCollection): ImageSpec {
  return {
    id: `demo-collection-${collection.slug}`,
    label: collection.name,
    motif: collection.picture.motif,
    palette: collection.picture.palette,
    composition: 2,
  }
}

let library: Map<string, ImageSpec> | undefined

/** The demo's picture of media id `id` (products' and collections'), if there is one. */
export function demoImage(id: string): ImageSpec | undefined {
  library ??= new Map(
    [
      ...DEMO_PRODUCTS.flatMap((product) => [...productImages(product).values()]),
      ...DEMO_COLLECTIONS.map(collectionImage),
    ].map((spec) => [spec.id, spec]),
  )
  return library.get(id)
}

/**
 * The media item of `spec`. Its URL is the path the platform serves it on (`/media/<id>.svg`):
 * the catalog answers it on the configured public URL.
 */
export function mediaItem(spec: ImageSpec): DemoMediaItem {
  const url = `/media/${spec.id}.svg`
  const title = spec.sublabel ? `${spec.label} — ${spec.sublabel}` : spec.label
  return {
    id: spec.id,
    mediaType: 'image',
    title,
    image: { url, width: IMAGE_SIZE, height: IMAGE_SIZE, format: 'svg', altText: title },
    thumbnail: { url, width: 50, height: 50 },
  }
}
