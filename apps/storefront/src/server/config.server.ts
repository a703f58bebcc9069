/**
 * The shop's server settings, from its environment. `STOREFRONT_URL`: the shop's public URL
 * (canonical and Open Graph URLs, the sitemap, the hosted checkout's return URLs); never taken from
 * a request's headers. Default: the production build on this machine.
 */
function publicUrl(value: string | undefined): string {
  const url = new URL(value || 'http://127.0.0.1:4173')
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`STOREFRONT_URL must be an http(s) URL, not ${value}`)
  return url.origin
}

/** The shop's public origin, e.g. `https://shop.example.com`. */
export const shopUrl = publicUrl(process.env.STOREFRONT_URL)

/** Whether the shop is served over HTTPS: its cookies are then `Secure`. */
export const secureCookies = shopUrl.startsWith('https:')

/** The shop server's elevated key, which reads orders for the pages of their buyers. */
export interface StoreKey {
  apiKey: string
  /** Sent as `wix-site-id`: the site the key acts on at the real provider. */
  siteId?: string
}

/**
 * `STOREFRONT_API_KEY` (and `STOREFRONT_SITE_ID`): the key the shop's server reads orders with;
 * `undefined` when it is not configured (the order pages then say they cannot show orders). Read
 * on each call: it stays on the server and is never part of a page's data.
 */
export function storeKey(): StoreKey | undefined {
  const apiKey = process.env.STOREFRONT_API_KEY?.trim()
  if (!apiKey) return undefined
  const siteId = process.env.STOREFRONT_SITE_ID?.trim()
  return { apiKey, ...(siteId && { siteId }) }
}
