/**
 * The shop server's sub-request cache: the public catalog's answers (products, collections,
 * availability) kept in memory for a short while, as Hydrogen caches its storefront API's
 * sub-requests. A page then renders without asking the platform again what it just answered for
 * the previous shopper — nor reading it again: what is kept is the answer as the pages read it
 * (decoded, trimmed to what they show: `queries.server.ts`), with its JSON, which is how the
 * pages hand it to the browser.
 *
 * - Fresh for `freshMs`: served as is. Then, for `staleMs` more, served while one request asks the
 *   platform anew in the background (stale-while-revalidate); a failed renewal keeps the old answer
 *   until the window ends. Older answers are loaded again before use. Nothing lives longer than
 *   `freshMs + staleMs`, which is the longest a catalog change takes to show through this cache.
 * - Keyed by the query (TanStack Query's hash of its key); concurrent misses of one key load once.
 * - Shared: a kept answer is frozen, deeply — every request reads the same objects, none changes
 *   them.
 * - Bounded: `maxSize` characters of the answers' JSON at most (their objects take a few times
 *   that in memory); the least recently used go first.
 * - `clear()` forgets every answer (the merchant changed the catalog through this server).
 * - Only answers that loaded: a failure (an error, a 404) is the caller's, and kept by nobody. It
 *   is for public reads only, the same for every shopper: never a personal or elevated call.
 */

export interface CacheOptions {
  freshMs: number
  staleMs: number
  maxSize: number
}

/** The catalog's answers, kept as {@link CacheOptions} say. */
export interface CatalogCache {
  /** The answer of `key`: the one kept, else what `load` resolves with (kept if it fits). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>
  /** The JSON of `value`: made once for a kept answer, else now. */
  json(value: unknown): string
  /** Forgets every answer, also one being loaded. */
  clear(): void
}

interface Entry {
  value: unknown
  size: number
  storedAt: number
}

/** `value`, and everything in it, made read-only. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const field of Object.values(value)) deepFreeze(field)
  return value
}

/** A cache of the catalog's answers as `options` say (none kept when their lifetime is 0). */
export function catalogCache(options: CacheOptions): CatalogCache {
  const lifetime = options.freshMs + options.staleMs
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Promise<unknown>>()
  /** The JSON of each answer kept (and still in use somewhere). */
  const texts = new WeakMap<object, string>()
  let size = 0
  /** Raised by `clear()`: an answer asked for before it is not kept. */
  let generation = 0

  const keep = (key: string, value: unknown) => {
    const previous = entries.get(key)
    if (previous) size -= previous.size
    entries.delete(key)
    const json = JSON.stringify(value)
    if (json.length > options.maxSize) return
    if (value !== null && typeof value === 'object') texts.set(deepFreeze(value), json)
    entries.set(key, { value, size: json.length, storedAt: Date.now() })
    size += json.length
    for (const [oldest, entry] of entries) {
      if (size <= options.maxSize) break
      entries.delete(oldest)
      size -= entry.size
    }
  }

  /** Loads `key` (once at a time); what loaded is kept. */
  const load = <T>(key: string, loader: () => Promise<T>): Promise<T> => {
    let loading = pending.get(key) as Promise<T> | undefined
    if (!loading) {
      const asked = generation
      const started = loader().then((value) => {
        if (asked === generation) keep(key, value)
        return value
      })
      loading = started.finally(() => {
        if (pending.get(key) === loading) pending.delete(key)
      })
      pending.set(key, loading)
    }
    return loading
  }

  return {
    async read<T>(key: string, loader: () => Promise<T>): Promise<T> {
      if (lifetime <= 0) return loader()
      const entry = entries.get(key)
      const age = entry ? Date.now() - entry.storedAt : Infinity
      if (!entry || age >= lifetime) return load(key, loader)
      // Recently used: last to go.
      entries.delete(key)
      entries.set(key, entry)
      if (age >= options.freshMs) load(key, loader).catch(() => {})
      return entry.value as T
    },
    json: (value) =>
      (value !== null && typeof value === 'object' && texts.get(value)) || JSON.stringify(value),
    clear() {
      entries.clear()
      pending.clear()
      size = 0
      generation++
    },
  }
}
