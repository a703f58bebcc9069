import { cookieTokenStorage, type TokenStorage } from '@vitrine/client'

/**
 * The cookie of the visitor's or member's tokens, written alike by the shop's server and the
 * browser's client: the whole site, `SameSite=Lax`, `Secure` when the shop is on HTTPS, readable
 * by the browser's client (not `HttpOnly`).
 */
export function tokenCookie(
  cookie: string | null | undefined,
  secure: boolean,
  onChange?: (setCookie: string) => void,
): TokenStorage {
  return cookieTokenStorage({ name: 'vitrine-tokens', cookie, secure, sameSite: 'Lax', onChange })
}
