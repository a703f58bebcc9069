import type { Tokens, TokenStorage } from '@vitrine/client'
import { onTabMessage, tellTabs } from './tabs'
import { tokenCookie } from './token-cookie'

/** Milliseconds a tab waits for another's renewal before renewing itself (a frozen tab). */
const RENEWAL_WAIT = 15_000
/** Milliseconds a tab waits at most for a cookie another tab wrote, and between two looks. */
const COOKIE_WAIT = 1_000
const COOKIE_LOOK = 20

/**
 * Calls `then` once this tab's cookies hold `pair` (the `name=value` another tab wrote; an empty
 * value: the cookie is gone), or after COOKIE_WAIT: a cookie written in one tab may reach the
 * others after the message that tells them, and read too early it is the previous one.
 */
function whenCookieArrives(pair: string, then: () => void): void {
  const name = pair.slice(0, pair.indexOf('=') + 1)
  const deadline = Date.now() + COOKIE_WAIT
  const look = () => {
    const current = document.cookie.split('; ').find((cookie) => cookie.startsWith(name))
    if ((pair === name ? current === undefined : current === pair) || Date.now() >= deadline) then()
    else setTimeout(look, COOKIE_LOOK)
  }
  look()
}

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
 * again whenever it changed. A change is told to the shop's other tabs with the cookie written
 * (the channel is this origin's only, which reads the cookie anyway); they call `subscribe`'s
 * listeners once that cookie has reached them: a login or logout in one tab shows in the others at
 * once. One tab renews at a time.
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
        tellTabs('tokens', setCookie.slice(0, setCookie.indexOf(';')))
      }).set(next)
    },
    subscribe(listener) {
      let listening = true
      const stop = onTabMessage('tokens', (pair) =>
        whenCookieArrives(pair, () => listening && listener(read())),
      )
      return () => {
        listening = false
        stop()
      }
    },
    lock: oneTabAtATime,
  }
}
