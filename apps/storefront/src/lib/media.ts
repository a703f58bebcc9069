import type { MediaItem, Product, ProductMedia } from '@vitrine/client'

/** An image to show: its URL, alt text and size. */
export interface Picture {
  id: string
  url: string
  alt: string
  width: number
  height: number
}

function pictureOf(item: MediaItem | undefined, fallbackAlt: string): Picture | undefined {
  const image = item?.image
  if (!image?.url) return undefined
  return {
    id: item?.id ?? image.url,
    url: image.url,
    alt: image.altText || item?.title || fallbackAlt,
    width: image.width ?? 800,
    height: image.height ?? 800,
  }
}

/** Every image of `media` (main first, no duplicates); `alt` stands in where one has no text. */
export function picturesOf(media: ProductMedia | undefined, alt: string): Picture[] {
  const pictures: Picture[] = []
  for (const item of [media?.mainMedia, ...(media?.items ?? [])]) {
    const picture = pictureOf(item, alt)
    if (picture && !pictures.some((known) => known.url === picture.url)) pictures.push(picture)
  }
  return pictures
}

/** The main image of a product or collection, if it has one. */
export const mainPicture = (item: { media?: ProductMedia; name?: string }): Picture | undefined =>
  picturesOf(item.media, item.name ?? '')[0]

/** The swatch colours of a product's colour option (for its card). */
export function swatchesOf(product: Product): string[] {
  const colour = product.productOptions?.find((option) => option.optionType === 'color')
  return (colour?.choices ?? [])
    .map((choice) => choice.value ?? '')
    .filter((value) => value.startsWith('#'))
}
