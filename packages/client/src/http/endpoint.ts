/** HTTP methods the provider's public API uses. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * Where, in a response, values are converted from their wire form. Each entry is a dotted path;
 * arrays along the path are traversed, and `*` stands for every key of a map.
 */
export interface ResponseCodecs {
  /** ISO-8601 strings → `Date`. */
  date?: readonly string[]
  /** `"NaN"`, `"Infinity"`, `"-Infinity"` → numbers. */
  float?: readonly string[]
  /** Media objects `{id, width, height, filename}` → `wix:image://v1/…` strings. */
  image?: readonly string[]
  /** Media objects `{id, filename, posters}` → `wix:video://v1/…` strings. */
  video?: readonly string[]
  /** Base64 strings → `Uint8Array`. */
  bytes?: readonly string[]
}

/** Where, in a request, values are converted to their wire form. */
export interface RequestCodecs {
  /** `wix:image://v1/…` strings (or plain URLs) → media objects. */
  image?: readonly string[]
  /** Top-level string arrays → comma-joined field masks. */
  mask?: readonly string[]
}

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
  request?: RequestCodecs
  response?: ResponseCodecs
}

/** Prefixes each space-separated path in `paths` with `prefix`. */
export const under = (prefix: string, paths: string): string[] =>
  paths.split(' ').map((path) => prefix + path)
