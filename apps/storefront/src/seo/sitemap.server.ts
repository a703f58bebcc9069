import { productsQueryOptions, type VitrineClient } from '@vitrine/react'
import { catalogCacheControl } from '../server/cache-headers.server'
import { config } from '../server/config.server'
import { readCatalog } from '../server/queries.server'

/** Products per sitemap file: one page of the platform's catalog query. */
export const PRODUCTS_PER_FILE = 100

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

/** An absolute URL of the shop for `path`, escaped for XML. */
export const loc = (path: string) => `<loc>${escapeXml(config.shopUrl + path)}</loc>`

/** How many product files the sitemap has (at least one), by the request's `catalog`. */
export async function productFileCount(catalog: VitrineClient): Promise<number> {
  const { totalCount } = await readCatalog(productsQueryOptions(catalog, { limit: 1 }))
  return Math.max(1, Math.ceil(totalCount / PRODUCTS_PER_FILE))
}

/** An XML answer that shared caches may keep as long as the catalog pages. */
export const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': catalogCacheControl,
    },
  })
