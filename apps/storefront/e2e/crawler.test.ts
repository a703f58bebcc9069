import { describe, expect, it } from 'vitest'
import { stack } from './support'

/** A page as a crawler gets it: plain HTTP, no JavaScript, no cookies. */
async function crawl(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(stack().shopUrl + path, {
    redirect: 'manual',
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)', ...headers },
  })
  return { response, html: await response.text() }
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]
/** The document's structured data blocks, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
/** The text a person reads: the body without tags and scripts. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe('a crawler', () => {
  it('reads a product page: its content, title, description, canonical URL, Open Graph and JSON-LD', async () => {
    const { response, html } = await crawl('/products/everyday-organic-tee')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const page = text(html)
    expect(page).toContain('Everyday Organic Tee')
    expect(page).toContain('From $28.00')
    expect(page).toContain('midweight organic cotton jersey')
    // The options and the form to buy, without any script.
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*name="choice:Size"[^>]*value="M"/)
    expect(html).toMatch(/<form class="buy-box" method="post">/)

    const shop = stack().shopUrl
    const url = `${shop}/products/everyday-organic-tee`
    expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe('Everyday Organic Tee · Vitrine')
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toMatch(
      /^The T-shirt you reach for first/,
    )
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url)
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(url)
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBe(
      'Everyday Organic Tee · Vitrine',
    )
    expect(attribute(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(
      new RegExp(`^${stack().platformUrl}/media/.+\\.svg$`),
    )
    expect(html).not.toMatch(/name="robots"/)

    const [product] = jsonLd(html)
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Everyday Organic Tee',
      brand: { '@type': 'Brand', name: 'Vitrine Basics' },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '28',
        highPrice: '30',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    })
    expect((product!.image as string[])[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//)
  })

  it('gets a single-price product as an Offer with its price', async () => {
    const { html } = await crawl('/products/pour-over-coffee-set')
    expect(jsonLd(html)[0]).toMatchObject({
      '@type': 'Product',
      name: 'Pour-Over Coffee Set',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    })
    expect(Number((jsonLd(html)[0]!.offers as { price: string }).price)).toBeGreaterThan(0)
  })

  it('reads the home page and the catalog with their products, and a collection with its name', async () => {
    const home = await crawl('/')
    expect(home.response.status).toBe(200)
    expect(text(home.html)).toContain('Made to be lived in.')
    // The highlighted collections' products are in the page.
    expect(home.html).toMatch(/href="\/products\/[a-z0-9-]+"/)
    const catalog = await crawl('/shop')
    expect(text(catalog.html)).toMatch(/Showing 1–12 of \d+ products/)
    const apparel = await crawl('/shop?collection=apparel')
    expect(attribute(apparel.html, /<title>([^<]*)<\/title>/)).toBe('Apparel · Vitrine')
    expect(attribute(apparel.html, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${stack().shopUrl}/shop?collection=apparel`,
    )
    expect(text(apparel.html)).toContain('Everyday Organic Tee')
    // Search results are not for the index.
    const search = await crawl('/shop?q=tee')
    expect(search.html).toMatch(/<meta name="robots" content="noindex"\/>/)
  })

  it('gets a 404 for an unknown page, product or collection, not indexed', async () => {
    for (const path of [
      '/no-such-page',
      '/products/no-such-thing',
      '/shop?collection=no-such-thing',
      // Past the last page, and past what the platform pages at all.
      '/shop?page=99',
      '/shop?page=99999999',
      `/products/${'x'.repeat(2_000)}`,
      '/sitemaps/products-999.xml',
      '/sitemaps/nothing.xml',
    ]) {
      const { response, html } = await crawl(path)
      expect(response.status, path).toBe(404)
      if (!path.startsWith('/sitemaps'))
        expect(html, path).toMatch(/<meta name="robots" content="noindex"\/>/)
    }
  })

  it("follows the platform's product links to the shop's for good (301)", async () => {
    const { response } = await crawl('/product-page/everyday-organic-tee')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/products/everyday-organic-tee')
  })

  it('finds every product through robots.txt and the paged sitemap', async () => {
    const robots = await crawl('/robots.txt')
    expect(robots.html).toContain(`Sitemap: ${stack().shopUrl}/sitemap.xml`)
    expect(robots.html).toMatch(/^Disallow: \/cart$/m)
    expect(robots.html).not.toMatch(/^Disallow: \/products/m)

    const index = await crawl('/sitemap.xml')
    expect(index.response.headers.get('content-type')).toMatch(/^application\/xml/)
    const files = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    expect(files[0]).toBe(`${stack().shopUrl}/sitemaps/pages.xml`)
    expect(files.slice(1)).toEqual([`${stack().shopUrl}/sitemaps/products-1.xml`])

    const products = await crawl('/sitemaps/products-1.xml')
    const urls = [...products.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    expect(urls).toContain(`${stack().shopUrl}/products/everyday-organic-tee`)
    expect(urls.length).toBeGreaterThanOrEqual(20)
    expect(new Set(urls).size).toBe(urls.length)
    const pages = await crawl('/sitemaps/pages.xml')
    expect(pages.html).toContain(`<loc>${stack().shopUrl}/shop?collection=apparel</loc>`)
  })

  it('gets catalog pages a shared cache may keep: no visitor data, no cookie, s-maxage', async () => {
    // A visitor's (expired) tokens do not change what a catalog page is, nor set a cookie.
    const tokens = encodeURIComponent(
      JSON.stringify({
        accessToken: { value: 'expired', expiresAt: 1 },
        refreshToken: { value: 'a-visitor', role: 'visitor' },
      }),
    )
    for (const path of ['/', '/shop', '/products/everyday-organic-tee']) {
      const { response, html } = await crawl(path, { Cookie: `vitrine-tokens=${tokens}` })
      expect(response.headers.get('cache-control'), path).toMatch(/^public, .*s-maxage=\d+/)
      expect(response.headers.get('cache-control'), path).toMatch(/stale-while-revalidate=\d+/)
      expect(response.headers.get('set-cookie'), path).toBeNull()
      expect(html, path).not.toContain('a-visitor')
    }
    const cart = await crawl('/cart')
    expect(cart.response.headers.get('cache-control')).toBe('private, no-store')
  })
})
