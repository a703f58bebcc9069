import { randomBytes, timingSafeEqual } from 'node:crypto'
import { secureCookies } from '../server/config.server'

/** A signed-in merchant console: the admin key (kept here only) and its CSRF token. */
export interface AdminSession {
  adminKey: string
  /** Sent by the console with each call (a header no other site can set); not the cookie. */
  token: string
  expires: number
}

const COOKIE = 'vitrine-admin'
const LIFETIME_S = 8 * 3600
/** Sessions kept at most; past it the oldest goes. */
const MAX_SESSIONS = 1000
const sessions = new Map<string, AdminSession>()

const cookie = (value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; SameSite=Strict` +
  (secureCookies ? '; Secure' : '')

function idOf(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === COOKIE) return pair.slice(at + 1).trim()
  }
  return undefined
}

/**
 * Opens a session for `adminKey` (checked already): the session's id goes in an httpOnly cookie
 * for `/admin` only, the key stays in this server's memory, and the token goes to the console.
 */
export function openSession(adminKey: string): { token: string; setCookie: string } {
  const id = randomBytes(32).toString('base64url')
  const token = randomBytes(32).toString('base64url')
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!)
  sessions.set(id, { adminKey, token, expires: Date.now() + LIFETIME_S * 1000 })
  return { token, setCookie: cookie(id, LIFETIME_S) }
}

/** The console session of `request`'s cookie, if it is open. */
export function sessionOf(request: Request): AdminSession | undefined {
  const id = idOf(request)
  const session = id === undefined ? undefined : sessions.get(id)
  if (session && session.expires > Date.now()) return session
  if (id !== undefined) sessions.delete(id)
  return undefined
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

/** Ends `request`'s session; returns the `Set-Cookie` that drops its cookie. */
export function closeSession(request: Request): string {
  const id = idOf(request)
  if (id !== undefined) sessions.delete(id)
  return cookie('', 0)
}
