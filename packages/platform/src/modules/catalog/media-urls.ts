import type { Media, MediaImage, MediaItem, StoredOption, WireImage } from './types.js'

/*
 * The platform's own pictures (the demo's, `GET /media/<id>.svg`) are stored as paths and made
 * absolute on the configured public URL when answering, so the stored rows serve any public URL.
 * Other URLs (a merchant's, the provider's media host) are stored and answered as they are.
 */

/** `url` as clients get it: a path (`/media/…`) on `publicUrl`; an absolute URL as it is. */
export const absoluteUrl = (url: string, publicUrl: string): string =>
  url.startsWith('/') ? publicUrl + url : url

/** A path of the platform's own media, `/media/<id>`: its media id, the file it is served as. */
const OWN_MEDIA = /^\/media\/([^/?#]{1,200})$/

/**
 * `image` in the provider's form for the fields its clients decode (cart, order and store variant
 * images): `{id, url, width, height, altText?}`. The platform's own picture gets its media id
 * (`/media/<id>`), so that clients make a `wix:image://v1/<id>/…` reference of it, and their media
 * helpers a URL the platform serves; another's (a merchant's URL) has none, and clients keep its URL.
 */
export function wireImage(image: MediaImage, publicUrl: string): WireImage {
  const { url, width, height, altText } = image
  const id = OWN_MEDIA.exec(url)?.[1]
  return {
    ...(id && { id }),
    url: absoluteUrl(url, publicUrl),
    ...(width !== undefined && { width }),
    ...(height !== undefined && { height }),
    ...(altText && { altText }),
  }
}

const absoluteImage = (image: MediaImage, publicUrl: string): MediaImage => ({
  ...image,
  url: absoluteUrl(image.url, publicUrl),
})

/** `item` with absolute image, thumbnail and video URLs. */
export function absoluteItem(item: MediaItem, publicUrl: string): MediaItem {
  return {
    ...item,
    ...(item.image && { image: absoluteImage(item.image, publicUrl) }),
    ...(item.thumbnail && { thumbnail: absoluteImage(item.thumbnail, publicUrl) }),
    ...(item.video && {
      video: { ...item.video, files: item.video.files.map((f) => absoluteImage(f, publicUrl)) },
    }),
  }
}

/** `media` with absolute URLs, `mainMedia` the given one or the first item. */
export function absoluteMedia(media: Partial<Media>, publicUrl: string): Media {
  const items = Array.isArray(media.items) ? media.items : []
  const main = media.mainMedia ?? items[0]
  return {
    ...(main && { mainMedia: absoluteItem(main, publicUrl) }),
    items: items.map((item) => absoluteItem(item, publicUrl)),
  }
}

/** `options` with the media of their choices absolute. */
export const absoluteOptions = (options: StoredOption[], publicUrl: string): StoredOption[] =>
  options.map((option) => ({
    ...option,
    choices: option.choices.map((choice) =>
      choice.media ? { ...choice, media: absoluteMedia(choice.media, publicUrl) } : choice,
    ),
  }))
