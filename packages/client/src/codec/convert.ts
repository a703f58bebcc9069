import type { Codec, Convert } from '../http/endpoint.js'

/** ISO-8601 string → `Date`. */
export const toDate: Convert = (value) => (typeof value === 'string' ? new Date(value) : value)

/** `"NaN"`, `"Infinity"`, `"-Infinity"` → numbers; anything else unchanged. */
export const toFloat: Convert = (value) =>
  value === 'NaN' || value === 'Infinity' || value === '-Infinity' ? Number(value) : value

/** Base64 → `Uint8Array`. */
export const toBytes: Convert = (value) =>
  typeof value === 'string' ? Uint8Array.from(atob(value), (c) => c.charCodeAt(0)) : value

/** A string list → the comma-joined field mask the wire wants. */
export const toMask: Convert = (value) => (Array.isArray(value) ? value.join(',') : value)

/** Dates at `paths`. */
export const dates = (paths: readonly string[]): Codec => [toDate, paths]
/** Non-finite floats at `paths`. */
export const floats = (paths: readonly string[]): Codec => [toFloat, paths]

/**
 * A page's URL (pageUrlV2): the wire's `{relativePath, url}` → its `url`, as the official
 * client has it.
 */
export const toPageUrl: Convert = (value) =>
  typeof value === 'object' ? (value as { url?: unknown }).url : value

/**
 * A page's URL → the wire's `{relativePath: <its path>, url}` (pageUrlV2). A path alone, as the
 * local platform answers it, is taken too (`{relativePath: path, url: path}`); the wire's object
 * is sent as it is.
 */
export const toPageUrlObject: Convert = (value) =>
  typeof value === 'string'
    ? { relativePath: new URL(value, 'http://x').pathname, url: value }
    : value
