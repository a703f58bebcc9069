import { shopContext } from '../server/shop-context.server'
import { loc, productFileCount, xml } from './sitemap.server'
import type { Route } from './+types/sitemap-index'

/**
 * `/sitemap.xml`: the index of the shop's sitemaps, the pages (home, catalog, collections) and
 * the products, a file per page of {@link PRODUCTS_PER_FILE}.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const files = ['/sitemaps/pages.xml']
  const count = await productFileCount(context.get(shopContext).catalog)
  for (let page = 1; page <= count; page++) files.push(`/sitemaps/products-${page}.xml`)
  return xml(
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      files.map((file) => `  <sitemap>${loc(file)}</sitemap>`).join('\n') +
      '\n</sitemapindex>',
  )
}
