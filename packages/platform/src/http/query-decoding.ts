import type { FastifyInstance } from 'fastify'
import { checkJson, utf8 } from './json-bounds.js'
import { PlatformError } from './platform-error.js'

type Query = Record<string, unknown>

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** Base64url (padding optional) → the JSON object it encodes; throws a 400 on anything else. */
function decodeR(value: unknown): object {
  const invalid = () =>
    PlatformError.invalid('.r', 'must be a base64url-encoded JSON object', 'FORMAT')
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(value)) throw invalid()
  let decoded: unknown
  try {
    // Refused like Fastify refuses them in bodies: keys that could poison prototypes.
    decoded = JSON.parse(utf8.decode(Buffer.from(value, 'base64url')), (key, item: unknown) => {
      if (FORBIDDEN.has(key)) throw new Error(key)
      return item
    })
  } catch {
    throw invalid()
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) throw invalid()
  return decoded
}

/** `{'a.b': 1}` → `{a: {b: 1}}` (the provider flattens nested GET payloads to dotted keys). */
function unflatten(query: object): Query {
  const out: Query = {}
  for (const [key, value] of Object.entries(query)) {
    const path = key.split('.')
    if (path.some((segment) => FORBIDDEN.has(segment) || segment === '')) {
      if (!FORBIDDEN.has(key)) out[key] = value
      continue
    }
    let node = out
    for (const segment of path.slice(0, -1)) {
      const next = node[segment]
      node = node[segment] =
        next !== null && typeof next === 'object' && !Array.isArray(next) ? (next as Query) : {}
    }
    node[path[path.length - 1]!] = value
  }
  return out
}

/** The parts of a JSON schema that say how to read query-string text. */
interface TextSchema {
  type?: string | string[]
  properties?: Record<string, TextSchema>
  additionalProperties?: TextSchema | boolean
  items?: TextSchema
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * Query-string text read as `schema` says (JSON bodies are never coerced): a number field takes
 * decimal digits only (`5`, `-1.5`; not `0x10`, `1e3` or ` 5`), a boolean field `true` or `false`,
 * an array field one value as a list of one. Anything else stays text, for validation to refuse.
 */
function coerce(schema: TextSchema | undefined, value: unknown): unknown {
  if (!schema) return value
  const types = [schema.type ?? []].flat()
  if (types.includes('array')) {
    const items = Array.isArray(value) || value === undefined ? value : [value]
    return items?.map((item: unknown) => coerce(schema.items, item))
  }
  if (typeof value === 'string') {
    if ((types.includes('number') || types.includes('integer')) && DECIMAL.test(value))
      return Number(value)
    if (types.includes('boolean') && (value === 'true' || value === 'false'))
      return value === 'true'
    return value
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const other = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      coerce(Object.hasOwn(schema.properties ?? {}, key) ? schema.properties![key] : other, item),
    ]),
  )
}

/**
 * Decodes a GET's query into the object its POST form would have as body, before validation:
 * dotted keys become nested objects, their text is read by `schema` (see {@link coerce}), and
 * `.r` (base64url JSON, the official client's "complex" query encoding) is decoded and merged
 * over the other parameters (path parameters repeated in the query string stay). So `GET ?.r=…`,
 * `GET ?query.paging.limit=…` and the POST fallback all give a route the same payload (see
 * {@link queryRoute}). Bounded as JSON bodies are (`checkJson`).
 */
export function decodeQuery(query: object, schema?: TextSchema): Query {
  const { '.r': encoded, ...rest } = unflatten(query)
  const text = coerce(schema, rest) as Query
  const decoded = encoded === undefined ? text : { ...text, ...unflatten(decodeR(encoded)) }
  checkJson(decoded, 'query string')
  return decoded
}

/** Installs {@link decodeQuery} for every route with a query string. */
export function installQueryDecoding(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const { query } = request
    try {
      if (typeof query === 'object' && query !== null && Object.keys(query).length > 0)
        request.query = decodeQuery(query, request.routeOptions.schema?.querystring as TextSchema)
      done()
    } catch (error) {
      done(error as Error)
    }
  })
}
