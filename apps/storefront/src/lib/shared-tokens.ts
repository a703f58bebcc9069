import type { Tokens, TokenStorage } from '@vitrine/client'
import { onTabMessage, tellTabs } from './tabs'
import { tokenCookie } from './token-cookie'

/** Milliseconds a tab waits for another's renewal before renewing itself (a frozen tab). */
const RENEWAL_WAIT = 15_000

/**
 * Runs `renew` while no other tab of the shop renews (Web Locks): the tab that waited then finds
 * the other's tokens in the cookie, which is written before the lock is let go.
 */
async function oneTabAtATime<T>(renew: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return renew()
  const signal = AbortSignal.timeout(RENEWAL_WAIT)
  try {
    return await navigator.locks.request('vitrine-tokens:renewal', { signal }, renew)
  } catch (error) {
    if (error === signal.reason) return renew()
    throw error
  }
}

/**
 * The browser's token storage: the cookie the shop's server reads (so both see one visitor), read
 * again whenever it changed. A change is told to the shop's other tabs, which call `subscribe`'s
 * listeners: a login or logout in one tab shows in the others at once. One tab renews at a time.
 */
export function sharedTokenStorage(): TokenStorage {
  const secure = location.protocol === 'https:'
  let seen: string | undefined
  let tokens: Tokens | undefined
  const read = () => {
    const cookie = document.cookie
    if (cookie !== seen) tokens = tokenCookie((seen = cookie), secure).get()
    return tokens
  }
  return {
    get: read,
    set(next) {
      tokenCookie(document.cookie, secure, (setCookie) => {
        document.cookie = setCookie
        tellTabs('tokens')
      }).set(next)
    },
    subscribe: (listener) => onTabMessage('tokens', () => listener(read())),
    lock: oneTabAtATime,
  }
}
