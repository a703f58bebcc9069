/**
 * The shop server's sub-request cache: the answers of the platform to the public catalog reads
 * (`/stores-reader/…`, `/v2/collections…`) of the shop's anonymous catalog client, kept in memory
 * for a short while, as Hydrogen caches its storefront API's sub-requests. A page then renders
 * without asking the platform again what it just answered for the previous shopper.
 *
 * - Fresh for `freshMs`: served as is. Then, for `staleMs` more, served while one request asks the
 *   platform anew in the background (stale-while-revalidate); a failed renewal keeps the old answer
 *   until the window ends. Older answers are fetched again before use. Nothing lives longer than
 *   `freshMs + staleMs`, which is the longest a catalog change takes to show through this cache.
 * - Keyed by the request (method, URL, body); concurrent misses of one key make one request.
 * - Bounded: `maxBytes` of answers at most; the least recently used go first.
 * - `clear()` forgets every answer (the merchant changed the catalog through this server).
 * - Only successful answers of catalog reads; everything else (tokens, errors) passes through. It
 *   is for the catalog client only, which carries no shopper's tokens: never for a personal or
 *   elevated call.
 */

export interface CacheOptions {
  freshMs: number
  staleMs: number
  maxBytes: number
}

/** An answer of the platform, read: it can be answered again (only 200s are kept). */
interface Entry {
  body: Uint8Array
  status: number
  headers: [string, string][]
  storedAt: number
}

/** Headers not handed on from a kept answer. */
const DROPPED = new Set(['set-cookie', 'content-encoding', 'content-length', 'transfer-encoding'])
/** Statuses whose answers have no body. */
const NO_BODY = new Set([204, 205, 304])

/** The public catalog reads this cache keeps. */
const CATALOG_READ = /^\/(stores-reader\/|v2\/collections(\/|$))/

/** A `fetch` that keeps what it answered; `clear()` forgets it all. */
export type CachingFetch = typeof fetch & { clear(): void }

/** A `fetch` that keeps the catalog's reads as {@link CacheOptions} say, in front of `upstream`. */
export function catalogCache(
  options: CacheOptions,
  upstream: typeof fetch = globalThis.fetch,
): CachingFetch {
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Promise<Entry>>()
  let bytes = 0
  /** Raised by `clear()`: an answer asked for before it is not kept. */
  let generation = 0

  const store = (key: string, entry: Entry) => {
    const previous = entries.get(key)
    if (previous) bytes -= previous.body.byteLength
    entries.delete(key)
    if (entry.body.byteLength > options.maxBytes) return
    entries.set(key, entry)
    bytes += entry.body.byteLength
    for (const [oldest, { body }] of entries) {
      if (bytes <= options.maxBytes) break
      entries.delete(oldest)
      bytes -= body.byteLength
    }
  }

  /** Asks the platform (one request per key at a time); a 200 is kept. */
  const load = (key: string, url: string, init?: RequestInit): Promise<Entry> => {
    let loading = pending.get(key)
    if (!loading) {
      const asked = generation
      loading = (async () => {
        const answer = await upstream(url, init)
        const entry: Entry = {
          body: new Uint8Array(await answer.arrayBuffer()),
          status: answer.status,
          // As read: decoded already, so without its encoding and length.
          headers: [...answer.headers].filter(([name]) => !DROPPED.has(name)),
          storedAt: Date.now(),
        }
        if (answer.status === 200 && asked === generation) store(key, entry)
        return entry
      })().finally(() => {
        if (pending.get(key) === loading) pending.delete(key)
      })
      pending.set(key, loading)
    }
    return loading
  }

  const answerOf = (entry: Entry): Response =>
    new Response(NO_BODY.has(entry.status) ? null : entry.body.slice(), {
      status: entry.status,
      headers: entry.headers,
    })

  const cached: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body
    if (
      typeof input !== 'string' ||
      !CATALOG_READ.test(new URL(url).pathname) ||
      (method !== 'GET' && method !== 'POST') ||
      (body != null && typeof body !== 'string') ||
      options.freshMs + options.staleMs <= 0
    )
      return upstream(input, init)
    const key = `${method} ${url}\n${body ?? ''}`
    const entry = entries.get(key)
    const age = entry ? Date.now() - entry.storedAt : Infinity
    if (entry && age < options.freshMs + options.staleMs) {
      // Recently used: last to go.
      entries.delete(key)
      entries.set(key, entry)
      if (age >= options.freshMs) load(key, url, init).catch(() => {})
      return answerOf(entry)
    }
    return answerOf(await load(key, url, init))
  }
  return Object.assign(cached, {
    clear() {
      entries.clear()
      pending.clear()
      bytes = 0
      generation++
    },
  })
}
