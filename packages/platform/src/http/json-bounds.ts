import { PlatformError } from './platform-error.js'

/** How deep a request's JSON may nest (objects and arrays); the provider's bodies need 20 at most. */
export const MAX_JSON_DEPTH = 64

/** UTF-8 decoding that refuses (throws on) bytes that are not UTF-8, instead of replacing them. */
export const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A lone UTF-16 surrogate: text no UTF-8 encoding can hold (storing it would rewrite it). */
const LONE_SURROGATE = /\p{Cs}/u

const pathOf = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key

/**
 * Throws a 400 naming the field when `value`, parsed JSON of a request (its body, or a GET's
 * decoded query), nests deeper than {@link MAX_JSON_DEPTH} or holds a string or key with a lone
 * surrogate. The walk stops at the depth limit, so it never recurses further than that.
 */
export function checkJson(value: unknown, field = 'body'): void {
  const walk = (item: unknown, path: string, depth: number): void => {
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item))
        throw PlatformError.invalid(path || field, 'holds a lone UTF-16 surrogate', 'FORMAT')
      return
    }
    if (item === null || typeof item !== 'object') return
    if (depth >= MAX_JSON_DEPTH)
      throw PlatformError.invalid(field, `nests deeper than ${MAX_JSON_DEPTH} levels`, 'MAX', {
        threshold: MAX_JSON_DEPTH,
      })
    if (Array.isArray(item)) {
      item.forEach((element, index) => walk(element, pathOf(path, index), depth + 1))
      return
    }
    for (const [key, element] of Object.entries(item)) {
      if (LONE_SURROGATE.test(key))
        throw PlatformError.invalid(
          path || field,
          'has a key with a lone UTF-16 surrogate',
          'FORMAT',
        )
      walk(element, pathOf(path, key), depth + 1)
    }
  }
  walk(value, '', 0)
}
