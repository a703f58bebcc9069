/*
 * The provider's media references (`wix:image://v1/<id>/<name>#originWidth=…&originHeight=…`,
 * `wix:video://…`, `wix:audio://…`, `wix:document://…`) made into URLs on a host, by the rules of
 * `@wix/sdk`'s media helpers (wire-contract §7.3): the same fields for the same input, a reference
 * taken apart by the URL parser as there, so odd input reads the same too.
 */

/** Where each kind of media is served: a URL prefix the media id is appended to. */
export interface MediaHosts {
  image: string
  shape: string
  video: string
  audio: string
  document: string
}

/** The resolutions of `getVideoUrl`'s MP4 files. */
export const VideoResolution = { MOBILE: '360p', LOW: '480p', MID: '720p', HIGH: '1080p' } as const
/** A {@link VideoResolution} value. */
export type VideoResolution = (typeof VideoResolution)[keyof typeof VideoResolution]

/** An image: its id, its URL, its original size and its name (`getImageUrl`, `getShapeUrl`). */
export interface MediaImageUrl {
  id: string
  url: string
  /** The original height: `0` when the reference has none, `NaN` when it is not a number. */
  height: number
  /** The original width: `0` when the reference has none, `NaN` when it is not a number. */
  width: number
  /** The file name of the reference, decoded (the same text as `filename`). */
  altText?: string
  filename?: string
}

/** A video: its file's URL and its poster as a `wix:image://` reference (`getVideoUrl`). */
export interface MediaVideoUrl {
  id: string
  url: string
  thumbnail: string
  filename?: string
}

/** An audio file: its URL and its length in seconds (`getAudioUrl`). */
export interface MediaAudioUrl {
  id: string
  url: string
  duration: number
  filename?: string
}

/** A document: its URL (`getDocumentUrl`). */
export interface MediaDocumentUrl {
  id: string
  url: string
  filename?: string
}

/** The longest part of a bad input an error message quotes. */
const QUOTED = 80

/** `value` as a URL; a `TypeError` naming `helper` when it is not a string or not a URL. */
function parseUrl(value: unknown, helper: string): URL {
  if (typeof value !== 'string')
    throw new TypeError(
      `media.${helper}: expected a string, got ${value === null ? 'null' : typeof value}`,
    )
  try {
    return new URL(value)
  } catch {
    const quoted = value.length > QUOTED ? `${value.slice(0, QUOTED)}…` : value
    throw new TypeError(
      `media.${helper}: ${JSON.stringify(quoted)} is not a media reference or URL`,
    )
  }
}

/** A name of a reference, decoded; as it is when it is not valid percent-encoding. */
function decoded(text: string | undefined): string | undefined {
  if (!text) return text
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The first two segments of `path` (the id and the name). */
function segments(path: string): [string, string | undefined] {
  const slash = path.indexOf('/')
  if (slash < 0) return [path, undefined]
  const next = path.indexOf('/', slash + 1)
  return [path.slice(0, slash), path.slice(slash + 1, next < 0 ? undefined : next)]
}

/**
 * A `wix:<kind>://v1/<id>/<name>#<params>` reference (a legacy `<kind>://…` one gets `wix:` in
 * front): its id, its name (decoded) and its parameters.
 */
function reference(value: string, kind: string, helper: string) {
  const legacy = parseUrl(value, helper).protocol === `${kind}:`
  const { pathname, hash } = legacy ? parseUrl(`wix:${value}`, helper) : parseUrl(value, helper)
  const [id, name] = segments(pathname.replace(`${kind}://v1/`, ''))
  return { id, name: decoded(name), params: new URLSearchParams(hash.slice(1)) }
}

/** The text after the last `marker` of `value` (all of it without one), up to a comma. */
function field(value: string, marker: string): string {
  const at = value.lastIndexOf(marker)
  const rest = at < 0 ? value : value.slice(at + marker.length)
  const comma = rest.indexOf(',')
  return comma < 0 ? rest : rest.slice(0, comma)
}

/** The media id of a URL that starts with `prefix`: up to the next slash. */
const idAfter = (value: string, prefix: string) =>
  segments(value.slice(value.lastIndexOf(prefix) + prefix.length))[0]

const withName = <T extends object>(media: T, name: string | undefined, alt: boolean) =>
  !name ? media : alt ? { ...media, altText: name, filename: name } : { ...media, filename: name }

/**
 * An image reference, or an image URL on `prefix` (its size read from its `/w_…,h_…` part), as
 * `{id, url, height, width, altText?, filename?}` with the URL on `prefix`.
 */
export function imageUrl(prefix: string, value: string, helper = 'getImageUrl'): MediaImageUrl {
  let id: string, height: string | null, width: string | null, name: string | undefined
  if (typeof value === 'string' && value.startsWith(prefix)) {
    id = idAfter(value, prefix)
    width = field(value, '/w_')
    height = field(value, ',h_')
  } else {
    const parts = reference(value, 'image', helper)
    ;({ id, name } = parts)
    height = parts.params.get('originHeight')
    width = parts.params.get('originWidth')
  }
  return withName(
    { id, url: prefix + id, height: Number(height), width: Number(width) },
    name,
    true,
  )
}

/** A video reference (or a video URL on the host) as its file's URL, in `resolution` if given. */
export function videoUrl(hosts: MediaHosts, value: string, resolution?: string): MediaVideoUrl {
  let id: string,
    poster: string,
    posterWidth = '50',
    posterHeight = '50',
    name: string | undefined
  if (typeof value === 'string' && value.startsWith(hosts.video)) {
    id = idAfter(value, hosts.video)
    poster = `${id}.jpg`
  } else {
    const { params, ...parts } = reference(value, 'video', 'getVideoUrl')
    ;({ id, name } = parts)
    poster = params.get('posterUri') || `${id}.jpg`
    posterWidth = params.get('posterWidth') || posterWidth
    posterHeight = params.get('posterHeight') || posterHeight
  }
  const file = resolution ? `${resolution}/mp4/file.mp4` : 'file'
  return withName(
    {
      id,
      url: `${hosts.video}${id}/${file}`,
      thumbnail: `wix:image://v1/${poster}#originWidth=${posterWidth}&originHeight=${posterHeight}`,
    },
    name,
    false,
  )
}

/** An audio reference (`#duration=<seconds>`) as its file's URL. */
export function audioUrl(hosts: MediaHosts, value: string): MediaAudioUrl {
  const { id, name, params } = reference(value, 'audio', 'getAudioUrl')
  const duration = Number(params.get('duration') || '')
  return withName({ id, duration, url: hosts.audio + id }, name, false)
}

/** A document reference (`wix:document://v1/[ugd/]<id>/<name>`) as its file's URL. */
export function documentUrl(hosts: MediaHosts, value: string): MediaDocumentUrl {
  const plain = typeof value === 'string' ? value.replace('v1/ugd', 'v1') : value
  const { id, name } = reference(plain, 'document', 'getDocumentUrl')
  return withName({ id, url: hosts.document + id }, name, false)
}
