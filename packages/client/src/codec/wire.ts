import type { Codec } from '../http/endpoint.js'
import { mapAll } from './paths.js'

/** Serialises a request body: Dates become ISO strings (via `toJSON`), NaN/±Infinity strings. */
export function stringifyBody(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  )
}

/**
 * Applies each codec at its paths. By default containers are copied and the input never changes;
 * `inPlace` converts a value the caller owns (a just-parsed response) without copying.
 */
export function applyCodecs<T>(value: T, codecs: readonly Codec[] | undefined, inPlace = false): T {
  let out: unknown = value
  for (const [convert, paths] of codecs ?? []) out = mapAll(out, paths, convert, !inPlace)
  return out as T
}
