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
