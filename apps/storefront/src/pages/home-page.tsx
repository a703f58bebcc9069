import type { QueryClient } from '@tanstack/react-query'
import type { Collection } from '@vitrine/client'
import {
  collectionsQueryOptions,
  productsQueryOptions,
  useCollections,
  type CatalogReader,
} from '@vitrine/react'
import { Link } from 'react-router'
import { CollectionCard } from '../components/collection-card'
import { LeafIcon, ReturnIcon, TruckIcon } from '../components/icons'
import { ErrorState } from '../components/status'
import { PageError } from '../layout/page-error'
import { metaOf } from '../lib/head'
import { mainPicture } from '../lib/media'
import { type PageState } from '../lib/page-data'
import { cacheable } from '../server/cache-headers.server'
import { prefetched } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { browserClient, queries } from '../vitrine.client'
import { CollectionHighlight, HIGHLIGHT_SIZE } from './collection-highlight'
import type { Route } from './+types/home-page'

/** The collections whose products the home page shows, with their section's title. */
const HIGHLIGHTS = [
  { slug: 'new-arrivals', title: 'New arrivals' },
  { slug: 'sale', title: 'On sale' },
]

/** The home page's data, fetched into `queries`: the collections and the highlights' products. */
async function fetchHome(queries: QueryClient, reader: CatalogReader): Promise<void> {
  const collections = await queries.fetchQuery(collectionsQueryOptions(reader))
  await Promise.all(
    HIGHLIGHTS.map(({ slug }) => {
      const collection = collections.find((item) => item.slug === slug)
      return (
        collection &&
        queries.prefetchQuery(
          productsQueryOptions(reader, { collectionId: collection.id, limit: HIGHLIGHT_SIZE }),
        )
      )
    }),
  )
}

/**
 * On the server: everything the page shows (its highlights too: without the page's script a
 * part streamed after the page would never show).
 */
export const loader = ({ context }: Route.LoaderArgs): Promise<PageState> =>
  prefetched(context, (queries) => fetchHome(queries, context.get(shopContext).catalog))

/** In the browser: what the page's cache lacks. */
export async function clientLoader(): Promise<PageState> {
  await fetchHome(queries, browserClient())
  return {}
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  metaOf({ matches, error }, { title: 'Vitrine — everyday things, made to last', path: '/' })

export const headers = cacheable
export const ErrorBoundary = PageError

/** The collections the hero shows, in this order, when the catalog has them. */
const HERO_COLLECTIONS = ['apparel', 'home-and-living', 'accessories', 'new-arrivals']

function HeroArt({ collections }: { collections: Collection[] | undefined }) {
  const pictures = HERO_COLLECTIONS.map((slug) => collections?.find((c) => c.slug === slug))
    .map((collection) => collection && mainPicture(collection))
    .filter((picture) => picture !== undefined)
  if (!collections) return <div className="hero__art skeleton" aria-hidden="true" />
  return (
    <div className="hero__art" aria-hidden="true">
      {pictures.map((picture, index) => (
        <img
          key={picture.id}
          src={picture.url}
          alt=""
          width={picture.width}
          height={picture.height}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
      ))}
    </div>
  )
}

/** The highlight of the collection `slug`, when the catalog (`collections`) has it. */
function Highlight({
  slug,
  title,
  collections,
}: {
  slug: string
  title: string
  collections: Collection[] | undefined
}) {
  const collection = collections?.find((item) => item.slug === slug)
  return collection ? <CollectionHighlight collection={collection} title={title} /> : null
}

/** `/`: the hero, the shop's promises, its collections and a few products of each highlight. */
export default function HomePage() {
  const collections = useCollections()
  const [newArrivals, sale] = HIGHLIGHTS

  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__text">
            <p className="eyebrow">New season</p>
            <h1 className="hero__title" id="hero-title">
              Made to be lived in.
            </h1>
            <p className="hero__lead">
              Everyday clothing, homeware and accessories in natural materials — designed to last,
              priced fairly, shipped fast.
            </p>
            <div className="hero__actions">
              <Link className="button button--primary button--large" to="/shop">
                Shop the collection
              </Link>
              <Link
                className="button button--secondary button--large"
                to="/shop?collection=new-arrivals"
              >
                New arrivals
              </Link>
            </div>
          </div>
          <HeroArt collections={collections.data} />
        </div>
      </section>

      <ul className="promises" aria-label="Why shop with us">
        <li className="promise">
          <span className="promise__icon">
            <TruckIcon />
          </span>
          <span>
            <span className="promise__title">Free shipping over $100</span>
            <span className="promise__text">Express delivery in 1–2 business days.</span>
          </span>
        </li>
        <li className="promise">
          <span className="promise__icon">
            <ReturnIcon />
          </span>
          <span>
            <span className="promise__title">30-day returns</span>
            <span className="promise__text">Not quite right? Send it back, on us.</span>
          </span>
        </li>
        <li className="promise">
          <span className="promise__icon">
            <LeafIcon />
          </span>
          <span>
            <span className="promise__title">Natural materials</span>
            <span className="promise__text">Organic cotton, linen, wool and leather.</span>
          </span>
        </li>
      </ul>

      <section className="section" aria-labelledby="collections-title">
        <div className="section__header">
          <h2 id="collections-title">Shop by collection</h2>
          <Link className="section__link" to="/shop">
            View all products →
          </Link>
        </div>
        {collections.isError ? (
          <ErrorState error={collections.error} retry={() => collections.refetch()} />
        ) : (
          <ul className="collection-grid">
            {collections.data
              ? collections.data.map((collection) => (
                  <li key={collection.id}>
                    <CollectionCard collection={collection} />
                  </li>
                ))
              : Array.from({ length: 6 }, (_, index) => (
                  <li key={index} className="collection-card skeleton" aria-hidden="true" />
                ))}
          </ul>
        )}
      </section>

      <Highlight {...newArrivals!} collections={collections.data} />

      <section className="banner" aria-labelledby="offer-title">
        <div>
          <h2 id="offer-title">10% off your first order</h2>
          <p>
            Use code <span className="code">SAVE10</span> in your cart. Members keep their cart on
            every device.
          </p>
        </div>
        <Link className="button button--secondary button--large" to="/register">
          Create an account
        </Link>
      </section>

      <Highlight {...sale!} collections={collections.data} />
    </div>
  )
}
