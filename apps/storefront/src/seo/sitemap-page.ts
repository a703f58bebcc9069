import type { Product } from '@vitrine/client'
import { collectionsQueryOptions, vitrineKeys, type VitrineClient } from '@vitrine/react'
import { data } from 'react-router'
import { readCatalog } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { loc, PRODUCTS_PER_FILE, productFileCount, xml } from './sitemap.server'
import type { Route } from './+types/sitemap-page'

const urlset = (entries: string[]) =>
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  entries.map((entry) => `  <url>${entry}</url>`).join('\n') +
  '\n</urlset>'

/** What a product's entry reads. */
type Entry = Pick<Product, 'slug' | 'lastUpdated'>

/** The `page`-th file's products, by name: what their entries read (through the catalog cache). */
const productsOfFile = (catalog: VitrineClient, page: number) =>
  readCatalog({
    queryKey: [...vitrineKeys.catalog(), 'sitemap', page],
    queryFn: async () => {
      const { items } = await catalog.products
        .queryProducts()
        .ascending('name')
        .limit(PRODUCTS_PER_FILE)
        .skip((page - 1) * PRODUCTS_PER_FILE)
        .find()
      return items.map(({ slug, lastUpdated }): Entry => ({ slug, lastUpdated }))
    },
  })

const lastmod = (product: Entry) => {
  const date = product.lastUpdated ? new Date(product.lastUpdated) : undefined
  return date && !Number.isNaN(date.getTime())
    ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>`
    : ''
}

/**
 * `/sitemaps/pages.xml` (home, catalog, each collection) and `/sitemaps/products-<n>.xml` (the
 * n-th {@link PRODUCTS_PER_FILE} products); a 404 for any other file.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog } = context.get(shopContext)
  const { file } = params
  if (file === 'pages.xml') {
    const items = await readCatalog(collectionsQueryOptions(catalog))
    const paths = [
      '/',
      '/shop',
      ...items.map((item) => `/shop?collection=${encodeURIComponent(item.slug ?? '')}`),
    ]
    return xml(urlset(paths.map(loc)))
  }
  const page = Number(/^products-([1-9][0-9]{0,5})\.xml$/.exec(file)?.[1])
  if (!page || page > (await productFileCount(catalog)))
    throw data('No such sitemap.', { status: 404 })
  const items = await productsOfFile(catalog, page)
  return xml(
    urlset(
      items.map((item) => loc(`/products/${encodeURIComponent(item.slug ?? '')}`) + lastmod(item)),
    ),
  )
}
