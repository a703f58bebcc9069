import type { RequestCodecs, ResponseCodecs } from '../http/endpoint.js'
import { decodeImage, decodeVideo, encodeImage, type WireImage, type WireVideo } from './media.js'
import { mapAll } from './paths.js'

const NON_FINITE = ['NaN', 'Infinity', '-Infinity']

/** Serialises a request body: Dates become ISO strings (via `toJSON`), NaN/±Infinity strings. */
export function stringifyBody(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  )
}

/** Converts a request payload's media and field masks to their wire form. */
export function encodeRequest<T>(payload: T, codecs: RequestCodecs | undefined): T {
  if (!codecs) return payload
  const out = mapAll(payload, codecs.image, (v) =>
    typeof v === 'string' ? encodeImage(v) : v,
  ) as Record<string, unknown>
  // Field masks are top-level lists; the wire wants them comma-joined.
  for (const key of codecs.mask ?? []) {
    const mask = out?.[key]
    if (Array.isArray(mask)) out[key] = mask.join(',')
  }
  return out as T
}

function decodeBase64(value: string): Uint8Array {
  const binary = atob(value)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/** Converts a response from its wire form: dates, non-finite floats, media references, bytes. */
export function decodeResponse<T>(body: unknown, codecs: ResponseCodecs | undefined): T {
  if (!codecs) return body as T
  let out = mapAll(body, codecs.date, (v) => (typeof v === 'string' ? new Date(v) : v))
  out = mapAll(out, codecs.float, (v) => (NON_FINITE.includes(v as string) ? Number(v) : v))
  out = mapAll(out, codecs.image, (v) => (typeof v === 'object' ? decodeImage(v as WireImage) : v))
  out = mapAll(out, codecs.video, (v) => (typeof v === 'object' ? decodeVideo(v as WireVideo) : v))
  out = mapAll(out, codecs.bytes, (v) => (typeof v === 'string' ? decodeBase64(v) : v))
  return out as T
}
