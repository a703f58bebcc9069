import type { Tokens, TokenStorage } from '../types.js'
import { parseTokens } from './parse-tokens.js'

/** Options of {@link cookieTokenStorage}. */
export interface CookieTokenStorageOptions {
  /** The request's `Cookie` header. */
  cookie?: string | null
  /** The cookie name. Default: `vitrine-tokens`. */
  name?: string
  /** Receives the `Set-Cookie` value to send whenever the tokens change. */
  onChange?: (setCookie: string) => void
  /** Default `/`. */
  path?: string
  domain?: string
  /** Seconds the cookie lives. Default: 30 days. A logout sends `Max-Age=0`. */
  maxAge?: number
  /** Default `Lax`. */
  sameSite?: 'Lax' | 'Strict' | 'None'
  /** Default `true`; set `false` only for plain-HTTP development. */
  secure?: boolean
  /** Default `false`: the browser's own client may read the same tokens. */
  httpOnly?: boolean
}

/**
 * Keeps tokens in a cookie for server-side rendering: reads them from the request's `Cookie`
 * header and hands a `Set-Cookie` value to `onChange` when they change (renewal, login, logout).
 * Create one per request.
 *
 * @example
 * const auth = OAuthStrategy({
 *   clientId,
 *   tokenStorage: cookieTokenStorage({
 *     cookie: request.headers.get('cookie'),
 *     onChange: (setCookie) => response.headers.append('Set-Cookie', setCookie),
 *   }),
 * })
 */
export function cookieTokenStorage(options: CookieTokenStorageOptions = {}): TokenStorage {
  const { name = 'vitrine-tokens', path = '/', maxAge = 2592000, sameSite = 'Lax' } = options
  let raw: string | undefined
  for (const pair of (options.cookie ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === name) raw = pair.slice(at + 1).trim()
  }
  let tokens: Tokens | undefined
  try {
    tokens = parseTokens(raw && decodeURIComponent(raw))
  } catch {
    // A malformed cookie counts as none.
  }
  return {
    get: () => tokens,
    set(next) {
      tokens = next
      const value = encodeURIComponent(JSON.stringify(next))
      if (value === raw) return
      raw = value
      const empty = !next.accessToken.value && !next.refreshToken.value
      options.onChange?.(
        `${name}=${empty ? '' : value}; Path=${path}` +
          (options.domain ? `; Domain=${options.domain}` : '') +
          `; Max-Age=${empty ? 0 : maxAge}; SameSite=${sameSite}` +
          (options.secure === false ? '' : '; Secure') +
          (options.httpOnly ? '; HttpOnly' : ''),
      )
    },
  }
}
