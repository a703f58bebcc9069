import { stringifyBody } from '../codec/wire.js'

/** Base64url (no padding) of the UTF-8 bytes of `text`: the `.r` parameter's encoding. */
export function base64url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

type Pairs = [string, string][]

function flatten(value: unknown, key: string, out: Pairs, complex: { nested: boolean }): void {
  if (value == null) return
  if (Array.isArray(value)) {
    for (const item of value) {
      // Objects inside arrays cannot be flattened: the provider's encoding drops them.
      if (item !== null && typeof item === 'object') complex.nested = true
      else if (item != null) out.push([key, String(item)])
    }
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      if (key) complex.nested = true
      flatten(v, key ? `${key}.${k}` : k, out, complex)
    }
  } else {
    out.push([key, value instanceof Date ? value.toISOString() : String(value)])
  }
}

/**
 * The query string of a GET or DELETE: nested keys dotted, arrays repeated, `null`/`undefined`
 * skipped. With `encoded`, a nested payload is sent whole as `.r` instead.
 */
export function toQueryString(payload: object | undefined, encoded = false): string {
  const pairs: Pairs = []
  const complex = { nested: false }
  flatten(payload, '', pairs, complex)
  if (encoded && complex.nested) return '.r=' + base64url(stringifyBody(payload))
  return new URLSearchParams(pairs).toString()
}
