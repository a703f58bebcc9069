import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { config } from '../server/config.server'

/** A signed-in merchant console: the admin key and its CSRF token. */
export interface AdminSession {
  adminKey: string
  /** Sent by the console with each call (a header no other site can set); not the cookie. */
  token: string
  /** When it ends, in milliseconds since the epoch. */
  expires: number
}

const COOKIE = 'vitrine-admin'
const LIFETIME_S = 8 * 3600
const IV_BYTES = 12
const TAG_BYTES = 16

/** The AES-256-GCM key of each sealing secret, newest first. */
const keys = config.sessionSecrets.map((secret) =>
  Buffer.from(hkdfSync('sha256', secret, '', 'vitrine console session', 32)),
)

/**
 * The session sealed (AES-256-GCM with the newest secret's key): nobody without a secret can read
 * the admin key in it or make one up, and every instance of the shop that has the secret opens it.
 */
function seal(session: AdminSession): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(session)), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
}

/** The session in `value`, if one of the secrets sealed it; else nothing. */
function unseal(value: string): AdminSession | undefined {
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined
  const iv = bytes.subarray(0, IV_BYTES)
  const sealed = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      const json = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')
      return JSON.parse(json) as AdminSession
    } catch {
      // Another secret's, or tampered with: try the next.
    }
  }
  return undefined
}

const cookie = (value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; SameSite=Strict` +
  (config.secureCookies ? '; Secure' : '')

function cookieOf(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === COOKIE) return pair.slice(at + 1).trim()
  }
  return undefined
}

/**
 * Opens a session for `adminKey` (checked already): the session, sealed, in an httpOnly cookie
 * for `/admin` only; the token goes to the console. The shop's server keeps nothing: any instance
 * sharing `STOREFRONT_SESSION_SECRETS` serves the session, and it outlives a restart.
 */
export function openSession(adminKey: string): { token: string; setCookie: string } {
  const token = randomBytes(32).toString('base64url')
  const sealed = seal({ adminKey, token, expires: Date.now() + LIFETIME_S * 1000 })
  return { token, setCookie: cookie(sealed, LIFETIME_S) }
}

/** The console session of `request`'s cookie, if it is open. */
export function sessionOf(request: Request): AdminSession | undefined {
  const value = cookieOf(request)
  const session = value === undefined ? undefined : unseal(value)
  return session && session.expires > Date.now() ? session : undefined
}

/**
 * The session of `request` if it also presents the session's token (`Authorization`), as only
 * the console's own page can: a request another site makes the browser send has the cookie only.
 */
export function authorizedSession(request: Request): AdminSession | undefined {
  const session = sessionOf(request)
  const presented = Buffer.from(request.headers.get('authorization') ?? '')
  const expected = Buffer.from(session?.token ?? '')
  return session && presented.length === expected.length && timingSafeEqual(presented, expected)
    ? session
    : undefined
}

/**
 * The `Set-Cookie` that ends the console's session in this browser. (The session lives in the
 * cookie: signing out drops it here; the admin key itself is revoked at the platform.)
 */
export const closeSession = (): string => cookie('', 0)
