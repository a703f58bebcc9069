import type { Tokens, TokenStorage } from '@vitrine/client'
import { onTabMessage, tellTabs } from './tabs'
import { tokenCookie } from './token-cookie'

/**
 * The browser's token storage: the cookie the shop's server reads (so both see one visitor), read
 * again whenever it changed. A change is told to the shop's other tabs, which call `subscribe`'s
 * listeners: a login or logout in one tab shows in the others at once.
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
  }
}
