import type { FastifyInstance } from 'fastify'
import { PlatformError } from './platform-error.js'

type Query = Record<string, unknown>

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** Base64url (padding optional) → the JSON object it encodes; throws a 400 on anything else. */
function decodeR(value: unknown): Query {
  const invalid = () =>
    PlatformError.invalid('.r', 'must be a base64url-encoded JSON object', 'FORMAT')
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(value)) throw invalid()
  let decoded: unknown
  try {
    // Refused like Fastify refuses them in bodies: keys that could poison prototypes.
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'), (key, item: unknown) => {
      if (FORBIDDEN.has(key)) throw new Error(key)
      return item
    })
  } catch {
    throw invalid()
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) throw invalid()
  return decoded as Query
}

/** `{'a.b': 1}` → `{a: {b: 1}}` (the provider flattens nested GET payloads to dotted keys). */
function unflatten(query: Query): Query {
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

/**
 * Decodes a GET's query into the object its POST form would have as body, before validation:
 * `.r` (base64url JSON, the official client's "complex" query encoding) is decoded and merged
 * over the other parameters (path parameters repeated in the query string stay), and dotted keys
 * become nested objects. So `GET ?.r=…`, `GET ?query.paging.limit=…` and the POST fallback all give
 * a route the same payload (see {@link queryRoute}).
 */
export function decodeQuery(query: Query): Query {
  const { '.r': encoded, ...rest } = query
  const merged = encoded === undefined ? rest : { ...rest, ...decodeR(encoded) }
  return Object.keys(rest).some((key) => key.includes('.')) ? unflatten(merged) : merged
}

/** Installs {@link decodeQuery} for every route. */
export function installQueryDecoding(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Query | undefined
    try {
      if (query && Object.keys(query).some((key) => key.includes('.')))
        request.query = decodeQuery(query)
      done()
    } catch (error) {
      done(error as Error)
    }
  })
}
