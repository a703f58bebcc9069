import type { Codec } from '../http/endpoint.js'

/**
 * Media references: the provider's `wix:image://` / `wix:video://` strings ⇄ its media objects.
 * A media object without an `id` is a plain URL and travels as `{url}`.
 */

/** An image as the wire carries it. */
export interface WireImage {
  id?: string
  url?: string
  width?: number
  height?: number
  altText?: string
  filename?: string
}

/** A video (store-variant media) as the wire carries it. */
export interface WireVideo {
  id?: string
  url?: string
  filename?: string
  posters?: { id?: string; url?: string; width?: number; height?: number }[]
}

function parse(uri: string, kind: 'image' | 'video') {
  const normal = uri.startsWith(`${kind}://`) ? 'wix:' + uri : uri
  const prefix = `wix:${kind}://v1/`
  if (!normal.startsWith(prefix)) return undefined
  const [path = '', hash = ''] = normal.slice(prefix.length).split('#')
  const [id = '', name] = path.split('/')
  return {
    id,
    filename: name ? decodeURIComponent(name) : undefined,
    params: new URLSearchParams(hash),
  }
}

const num = (value: string | null) => (value == null ? undefined : Number(value))
const named = (filename?: string) => (filename ? '/' + encodeURIComponent(filename) : '')

/**
 * `wix:image://v1/<id>/<name>#originWidth=<w>&originHeight=<h>` → `{id, width, height, …}`; any
 * other URL → `{url}`. A URI without a file name gets none (never the text `"undefined"`).
 */
export function encodeImage(value: string): WireImage {
  const parts = parse(value, 'image')
  if (!parts) return { url: value }
  const { id, filename, params } = parts
  const image: WireImage = {
    id,
    url: value,
    width: num(params.get('originWidth')),
    height: num(params.get('originHeight')),
  }
  if (filename) image.altText = image.filename = filename
  return image
}

/** `{id, width, height, filename}` → `wix:image://v1/<id>/<name>#originWidth=…`; no id → its URL. */
export function decodeImage(image: WireImage): string | undefined {
  if (!image.id) return image.url
  return `wix:image://v1/${image.id}${named(image.filename || image.altText)}#originWidth=${image.width}&originHeight=${image.height}`
}

/** `wix:video://v1/<id>/<name>#posterUri=…&posterWidth=…&posterHeight=…` → `{id, filename, posters}`. */
export function encodeVideo(value: string): WireVideo {
  const parts = parse(value, 'video')
  if (!parts) return { url: value }
  const { id, filename, params } = parts
  const video: WireVideo = { id }
  if (filename) video.filename = filename
  const poster = params.get('posterUri')
  if (poster) {
    video.posters = [
      {
        id: poster,
        width: num(params.get('posterWidth')),
        height: num(params.get('posterHeight')),
      },
    ]
  }
  return video
}

/** `{id, filename, posters}` → `wix:video://v1/<id>/<name>#posterUri=…`; the second poster wins. */
export function decodeVideo(video: WireVideo): string | undefined {
  if (!video.id) return video.url
  const poster = video.posters?.[1] ?? video.posters?.[0]
  const posterId = poster && (poster.id ?? poster.url?.split('/').pop())
  const hash = posterId
    ? `#posterUri=${posterId}&posterWidth=${poster.width}&posterHeight=${poster.height}`
    : ''
  return `wix:video://v1/${video.id}${named(video.filename)}${hash}`
}

/** Media objects at `paths` → `wix:image://` references (responses). */
export const imageRefs = (paths: readonly string[]): Codec => [
  (value) => (typeof value === 'object' ? decodeImage(value as WireImage) : value),
  paths,
]

/** `wix:image://` references (or URLs) at `paths` → media objects (requests). */
export const imageObjects = (paths: readonly string[]): Codec => [
  (value) => (typeof value === 'string' ? encodeImage(value) : value),
  paths,
]

/** Video objects at `paths` → `wix:video://` references (responses). */
export const videoRefs = (paths: readonly string[]): Codec => [
  (value) => (typeof value === 'object' ? decodeVideo(value as WireVideo) : value),
  paths,
]
