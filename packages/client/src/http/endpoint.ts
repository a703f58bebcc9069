/** HTTP methods the provider's public API uses. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** Converts one value found at a codec path; gets only non-null values. */
export type Convert = (value: unknown) => unknown

/**
 * A conversion and the dotted paths it applies at. Arrays along a path are traversed, and `*`
 * stands for every key of a map. Endpoints list only the converters they need, so a bundle pays
 * only for those (see `codec/convert.ts` and `codec/media.ts`).
 */
export type Codec = readonly [convert: Convert, paths: readonly string[]]

/**
 * One call of the provider's API, as data: the pipeline does the rest.
 *
 * `path` is the public path; `{name}` placeholders are filled from the payload by dotted lookup
 * (and stay in the payload, as the provider's own client sends them).
 */
export interface Endpoint {
  method: Method
  path: string
  /**
   * A "complex" GET query: sent as one base64url `.r` parameter when it is nested, and re-sent as a
   * POST with a JSON body when the query string would pass 4000 characters.
   */
  encodedQuery?: true
  /**
   * Safe to send again (a token grant, a search sent as a POST): retried like a read on network
   * errors, 429 and 503.
   */
  idempotent?: true
  /** Conversions of the payload to its wire form (media references, field masks). */
  request?: readonly Codec[]
  /** Conversions of the 200 response from its wire form (dates, floats, media, bytes). */
  response?: readonly Codec[]
}

/** Prefixes each space-separated path in `paths` with `prefix`. */
export const under = (prefix: string, paths: string): string[] =>
  paths.split(' ').map((path) => prefix + path)
