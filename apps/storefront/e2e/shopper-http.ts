import { cookieTokenStorage } from '@vitrine/client'
import { fetchFrom } from '../../../packages/platform/src/test-support/remote-address.js'
import { stack } from './support'

/*
 * A shopper without a browser: the shop's forms posted over HTTP, as a browser without JavaScript
 * posts them, from a chosen client address.
 */

/** The `name=value` of a `Set-Cookie` header. */
export const cookiePair = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? ''

/** Where a request comes from: the peer's address, and what it says in `X-Forwarded-For`. */
export interface From {
  /** The address the request leaves from (every 127.x.y.z is this machine). Default 127.0.0.1. */
  peer?: string
  forwarded?: string
  cookie?: string
  /** The page's origin, as a browser says it for a form post. */
  origin?: string
}

/** Requests `path` of the shop (GET unless `body` is given, then a form post); not followed. */
export function toShop(path: string, from: From = {}, fields?: Record<string, string>) {
  return fetchFrom(from.peer ?? '127.0.0.1', `${stack().shopUrl}${path}`, {
    method: fields ? 'POST' : 'GET',
    headers: {
      ...(fields && { 'content-type': 'application/x-www-form-urlencoded' }),
      ...(from.forwarded && { 'x-forwarded-for': from.forwarded }),
      ...(from.cookie && { cookie: from.cookie }),
      ...(from.origin && { origin: from.origin }),
    },
    body: fields && new URLSearchParams(fields).toString(),
  })
}

/** Posts `fields` as a form to the shop's `path`; the answer is not followed. */
export const postForm = (path: string, fields: Record<string, string>, from: From = {}) =>
  toShop(path, from, fields)

/** Signs the merchant console in as its page does: the admin key posted from the shop's origin. */
export const signIntoConsole = (adminKey: string, from: From = {}) =>
  postForm('/admin/session', { adminKey }, { origin: stack().shopUrl, ...from })

/**
 * The shop's tokens cookie (`vitrine-tokens=…`) of made-up tokens of `role`, still valid by their
 * dates: tokens the platform does not know, as after a revocation, a sweep or a database reset.
 */
export function staleTokensCookie(role: 'visitor' | 'member'): string {
  let setCookie = ''
  const made = `${Date.now()}-${Math.random().toString(36).slice(2)}`
  cookieTokenStorage({ onChange: (value) => (setCookie = value) }).set({
    accessToken: { value: `vitrine_at_stale-${made}`, expiresAt: Date.now() / 1000 + 3600 },
    refreshToken: { value: `stale-refresh-${made}`, role },
  })
  return cookiePair(setCookie)
}
