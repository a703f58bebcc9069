import type { Product } from '@vitrine/client'
import type { MetaDescriptor, MetaFunction } from 'react-router'
import { paragraphsOf } from '../product/choices'
import { mainPicture } from './media'
import type { Missing } from './page-data'

/** What a page says of itself in the document's head. */
export interface Head {
  title: string
  description?: string
  /** The page's canonical path (and query), e.g. `/products/linen-shirt`. */
  path?: string
  /** An absolute picture URL for link previews. */
  image?: string
  type?: 'website' | 'product'
  /** Structured data (schema.org), e.g. a `Product`. */
  jsonLd?: Record<string, unknown>
  /** Not for search engines (search results, personal pages). */
  noindex?: boolean
}

const SITE = 'Vitrine'
const DESCRIPTION = 'Vitrine — everyday apparel, home goods and accessories, made to last.'
/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160

/** `text` cut to a description's length, at a word. */
function summary(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80))}…`
}

/** The head of a product's page: title, description, picture and its schema.org `Product`. */
export function productHead(product: Product): Head {
  const name = product.name ?? 'Product'
  const path = `/products/${product.slug}`
  const description = summary(paragraphsOf(product.description).join(' ') || DESCRIPTION)
  const images = (product.media?.items ?? [])
    .map((item) => item.image?.url)
    .filter((url): url is string => !!url)
  const image = mainPicture(product)?.url
  const price = product.priceData ?? product.price
  const currency = price?.currency ?? 'USD'
  const availability = `https://schema.org/${product.stock?.inStock === false ? 'OutOfStock' : 'InStock'}`
  const range = product.priceRange
  const offers =
    range?.minValue !== undefined &&
    range.maxValue !== undefined &&
    range.minValue !== range.maxValue
      ? {
          '@type': 'AggregateOffer',
          lowPrice: String(range.minValue),
          highPrice: String(range.maxValue),
          priceCurrency: currency,
          availability,
        }
      : {
          '@type': 'Offer',
          price: String(price?.discountedPrice ?? price?.price ?? 0),
          priceCurrency: currency,
          availability,
        }
  return {
    title: `${name} · ${SITE}`,
    description,
    path,
    ...(image && { image }),
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description,
      ...(images.length ? { image: images } : image ? { image: [image] } : {}),
      ...(product.sku && { sku: product.sku }),
      ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
      offers,
    },
  }
}

/** What `meta` functions read of the matched routes: the root's data. */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[]

/** The shop's public URL, from the root loader (configuration, never the request). */
function shopUrlOf(matches: Matches): string {
  const data = matches.find((match) => match?.id === 'root')?.loaderData
  return data && typeof data === 'object' && 'shopUrl' in data && typeof data.shopUrl === 'string'
    ? data.shopUrl
    : ''
}

/**
 * The `meta` of a page: its title and description, the canonical URL, Open Graph and structured
 * data — or, when the page failed, "Not found" (a 404) or "Something went wrong", not indexed.
 */
export function metaOf(
  { matches, error }: { matches: Matches; error?: unknown },
  head: Head | undefined,
): MetaDescriptor[] {
  if (error != null || !head) {
    const missing = (error as { status?: number; data?: Missing } | undefined)?.status === 404
    return [
      { title: `${missing ? 'Not found' : 'Something went wrong'} · ${SITE}` },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const shopUrl = shopUrlOf(matches)
  const description = head.description ?? DESCRIPTION
  const url = head.path !== undefined ? `${shopUrl}${head.path}` : undefined
  return [
    { title: head.title },
    { name: 'description', content: description },
    ...(head.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:site_name', content: SITE },
    { property: 'og:type', content: head.type ?? 'website' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
    ...(head.image ? [{ property: 'og:image', content: head.image }] : []),
    { name: 'twitter:card', content: head.image ? 'summary_large_image' : 'summary' },
    ...(head.jsonLd ? [{ 'script:ld+json': head.jsonLd }] : []),
  ]
}

/** The `meta` of a page whose head does not depend on its data. */
export const staticMeta =
  (head: Head): MetaFunction =>
  ({ matches, error }) =>
    metaOf({ matches, error }, head)
