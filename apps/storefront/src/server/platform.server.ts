import { memoryTokenStorage } from '@vitrine/client'
import { createVitrineClient, type VitrineClient } from '@vitrine/react'
import { tokenCookie } from '../lib/token-cookie'
import { catalogCache } from './catalog-cache.server'
import { forwardedFor } from './client-address.server'
import { cacheQuarterSeconds, config } from './config.server'

/** The most the sub-request cache keeps of the catalog's answers: characters of their JSON. */
const CACHE_SIZE = 8 * 1024 * 1024

/**
 * The catalog's answers as the pages read them, kept a while (`catalog-cache.server.ts`): a
 * quarter of `STOREFRONT_CACHE_SECONDS` fresh, as long again stale while they are asked anew. The
 * pages' loaders read through it (`queries.server.ts`).
 */
export const catalogAnswers = catalogCache({
  freshMs: cacheQuarterSeconds * 1000,
  staleMs: cacheQuarterSeconds * 1000,
  maxSize: CACHE_SIZE,
})

const catalogClient = createVitrineClient({
  clientId: config.clientId,
  baseUrl: config.platformUrl,
  storage: memoryTokenStorage(),
})

/**
 * The server's client for the catalog: one anonymous visitor for every request (the catalog is
 * the same for all), its token renewed by one token call however many requests need it. It is
 * process-wide on purpose, the one such client: it reads only what is public. It never
 * carries a shopper's tokens, so what it renders may be cached and shared — and what is read with
 * it is kept a while ({@link catalogAnswers}): a loader's queries (`prefetched`) and any read made
 * through `readCatalog` (`queries.server.ts`).
 */
export const catalog = (): VitrineClient => catalogClient

/**
 * Forgets what this server kept of the catalog: the merchant changed it through this server's
 * console, and sees the change in the shop at once. (Other instances, and a shared cache in
 * front, show it within `STOREFRONT_CACHE_SECONDS`.)
 */
export const forgetCatalog = (): void => catalogAnswers.clear()

/** The shopper of one request: their client, with their tokens from the request's cookie. */
export interface Shopper {
  client: VitrineClient
  /** Whether the request came with tokens (a visitor without them has no cart yet). */
  known: boolean
}

/**
 * The shopper of `request`: the same visitor or member as the browser's client, through the
 * tokens cookie they share, and the `Set-Cookie` of tokens renewed or first issued meanwhile (to
 * send back, so that the browser does not renew them again). The platform is told the shopper's
 * address with each call, so that its limits (new visitors, sign-in attempts) count this shopper,
 * not the shop's server. Made once per request, by its context (`shop-context.server.ts`).
 */
export function shopperOf(
  request: Request,
  clientAddress: string | null,
): { shopper: Shopper; setCookie: () => string | undefined } {
  let setCookie: string | undefined
  const storage = tokenCookie(request.headers.get('cookie'), config.secureCookies, (value) => {
    setCookie = value
  })
  const client = createVitrineClient({
    clientId: config.clientId,
    baseUrl: config.platformUrl,
    storage,
  })
  client.setHeaders(forwardedFor(clientAddress))
  return { shopper: { client, known: storage.get() !== undefined }, setCookie: () => setCookie }
}
