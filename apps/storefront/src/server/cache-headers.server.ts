import type { HeadersFunction } from 'react-router'
import { cacheQuarterSeconds } from './config.server'

/** How long shared caches keep a page (whole seconds), and as long stale. */
const shared = Math.floor(cacheQuarterSeconds)

/**
 * The Cache-Control of answers without visitor data (the catalog's pages and sitemap, the sign-in
 * forms): shared caches (a proxy, a CDN) may keep them a quarter of `STOREFRONT_CACHE_SECONDS` and
 * serve them stale as long again while they fetch them anew; with the server's own sub-request
 * cache (the other half) a catalog change shows within `STOREFRONT_CACHE_SECONDS`. Browsers ask
 * each time.
 */
export const catalogCacheControl = shared
  ? `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${shared}`
  : 'public, max-age=0, no-cache'

/** The headers of a catalog page: {@link catalogCacheControl}. */
export const cacheable: HeadersFunction = () => ({ 'Cache-Control': catalogCacheControl })

/** Pages of one visitor (cart, account): never stored. */
export const personal: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })
