import type { Tokens, TokenStorage } from '../types.js'
import { parseTokens } from './parse-tokens.js'

/** Options of {@link browserTokenStorage}. */
export interface BrowserTokenStorageOptions {
  /** The storage key. Default: `vitrine-tokens`. */
  key?: string
  /** The Web Storage to use. Default: `localStorage` (shared by the tabs of a site). */
  storage?: Storage
}

/**
 * Keeps tokens in Web Storage, so a session survives reloads and is shared by the site's tabs: a
 * login, renewal or logout in one tab is read by the others on their next call, and `subscribe`
 * reports it through the `storage` event. One tab renews a session at a time (`lock`: Web Locks,
 * else a mark in the storage; loaded on first renewal), and the others take its tokens. Without
 * Web Storage (SSR, blocked storage) it keeps the tokens in memory.
 *
 * @example
 * OAuthStrategy({ clientId, tokenStorage: browserTokenStorage() })
 */
export function browserTokenStorage(options: BrowserTokenStorageOptions = {}): TokenStorage {
  const { key = 'vitrine-tokens' } = options
  let store: Storage | undefined
  try {
    store = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  } catch {
    // Reading `localStorage` throws in sandboxed frames and with blocked cookies.
  }
  let raw: string | null = null
  let cached: Tokens | undefined
  const read = (value: string | null) => {
    if (value !== raw) cached = parseTokens((raw = value))
    return cached
  }
  return {
    get() {
      try {
        return store ? read(store.getItem(key)) : cached
      } catch {
        return cached
      }
    },
    set(tokens) {
      cached = tokens
      try {
        const value = JSON.stringify(tokens)
        store?.setItem(key, value)
        raw = value
      } catch {
        // Quota or private mode: the tokens live on in memory until the storage changes.
      }
    },
    subscribe(listener) {
      if (typeof addEventListener !== 'function') return () => {}
      const onStorage = (event: StorageEvent) => {
        // `key` is null when the whole storage was cleared.
        if (event.storageArea === store && (event.key === key || event.key === null))
          listener(read(event.key ? event.newValue : null))
      }
      addEventListener('storage', onStorage)
      return () => removeEventListener('storage', onStorage)
    },
    // Only a session is renewed under the lock (a new visitor's tokens are not shared yet), and its
    // code loads then, off the first page; if it cannot load (offline), this tab renews alone.
    lock: (renew) =>
      cached?.refreshToken.value
        ? import('./tab-lock.js').then((m) => m.oneTabAtATime(key, store, renew), renew)
        : renew(),
  }
}
