import type { QueryClient } from '@tanstack/react-query'
import type { Collection } from '@vitrine/client'
import {
  collectionsQueryOptions,
  productsQueryOptions,
  useCollections,
  useProducts,
  type CatalogReader,
} from '@vitrine/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Pagination } from '../components/pagination'
import { ProductGrid, ProductGridSkeleton } from '../components/product-card'
import { EmptyState, ErrorState } from '../components/status'
import { PageError } from '../layout/page-error'
import { metaOf, type Head } from '../lib/head'
import { notFound, orNotFound, type PageState } from '../lib/page-data'
import { cacheable } from '../server/cache-headers.server'
import { searchCountQueryOptions, useCollectionCounts } from '../lib/search-counts'
import { prefetched } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { browserClient, queries } from '../vitrine.client'
import {
  MAX_SEARCH,
  PAGE_SIZE,
  productListParams,
  readCatalogState,
  SORTS,
  writeCatalogState,
  type CatalogState,
} from '../lib/catalog-params'
import type { Route } from './+types/shop-page'

const SEARCH_DELAY_MS = 300

/** What the catalog's loaders give: the page's head (its query state from the server's). */
interface CatalogData extends PageState {
  head: Head
}

/** The head of the catalog page showing `state` of `collection`. */
function catalogHead(state: CatalogState, collection: Collection | undefined): Head {
  const title = state.search
    ? `Results for “${state.search}”`
    : (collection?.name ?? 'All products')
  const canonical = writeCatalogState({ ...state, search: '', sort: undefined }).toString()
  return {
    title: `${title} · Vitrine`,
    ...(collection?.description && { description: collection.description }),
    path: canonical ? `/shop?${canonical}` : '/shop',
    // Search results are not pages of their own for search engines.
    noindex: !!state.search,
  }
}

/**
 * What the catalog page at `url` shows, fetched into `queries`: the collections, the page of
 * products (a 404 for a collection that does not exist) and, for a search, each collection's
 * count of matches (not waited for with `wait: false`). Returns the page's head.
 */
async function fetchCatalogPage(
  queries: QueryClient,
  reader: CatalogReader,
  url: string,
  wait = true,
): Promise<Head> {
  const state = readCatalogState(new URL(url).searchParams)
  const collections = await queries.fetchQuery(collectionsQueryOptions(reader))
  const collection = state.collection
    ? (collections.find((item) => item.slug === state.collection) ?? notFound('collection'))
    : undefined
  const counts = Promise.all(
    state.search
      ? collections.map((item) =>
          queries.prefetchQuery(searchCountQueryOptions(reader, item.id, state.search)),
        )
      : [],
  )
  const page = await orNotFound(
    'page',
    queries.fetchQuery(productsQueryOptions(reader, productListParams(state, collection?.id))),
  )
  // A page past the last one does not exist.
  if (state.page > 1 && page.items.length === 0) notFound('page')
  if (wait) await counts
  return catalogHead(state, collection)
}

/** On the server: the whole page's data. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<CatalogData> {
  let head: Head | undefined
  const page = await prefetched(context, async (queries) => {
    head = await fetchCatalogPage(queries, context.get(shopContext).catalog, request.url)
  })
  return { ...page, head: head! }
}

/** In the browser: what the cache lacks of the page; the search counts follow. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<CatalogData> {
  return { head: await fetchCatalogPage(queries, browserClient(), request.url, false) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  metaOf({ matches, error }, loaderData?.head)

export const headers = cacheable
export const ErrorBoundary = PageError

function hrefOf(state: CatalogState): string {
  const query = writeCatalogState(state).toString()
  return query ? `/shop?${query}` : '/shop'
}

function Filters({
  collections,
  state,
}: {
  collections: Collection[] | undefined
  state: CatalogState
}) {
  const counts = useCollectionCounts(collections, state.search)
  return (
    <nav className="filters" aria-label="Collections">
      <div>
        <h2 className="filters__title">Collections</h2>
        <ul className="filter-list">
          <li>
            <Link
              className="filter-link"
              to={hrefOf({ ...state, collection: undefined, page: 1 })}
              aria-current={!state.collection}
            >
              All products
            </Link>
          </li>
          {collections?.map((collection, index) => (
            <li key={collection.id}>
              <Link
                className="filter-link"
                to={hrefOf({ ...state, collection: collection.slug, page: 1 })}
                aria-current={state.collection === collection.slug}
              >
                {collection.name}
                <span className="filter-link__count">{counts[index] ?? '…'}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  )
}

function Results({ state, collectionId }: { state: CatalogState; collectionId?: string }) {
  const products = useProducts(productListParams(state, collectionId))
  if (products.isPending) return <ProductGridSkeleton count={PAGE_SIZE} />
  if (products.isError)
    return (
      <ErrorState
        error={products.error}
        title="Products could not load"
        retry={() => products.refetch()}
      />
    )
  const { items, totalCount, offset } = products.data
  const busy = products.isPlaceholderData || products.isFetching
  if (totalCount === 0 || items.length === 0)
    return (
      <EmptyState
        title={state.search ? `Nothing matches “${state.search}”` : 'No products here yet'}
        actions={
          <Link className="button button--secondary" to="/shop">
            Clear filters
          </Link>
        }
      >
        Try another word, or browse everything in the shop.
      </EmptyState>
    )
  const pageCount = Math.ceil(totalCount / PAGE_SIZE)
  return (
    <>
      <p className="results-summary" aria-live="polite" aria-busy={busy}>
        Showing {offset + 1}–{offset + items.length} of {totalCount}{' '}
        {totalCount === 1 ? 'product' : 'products'}
      </p>
      <div className={products.isPlaceholderData ? 'grid-busy' : undefined}>
        <ProductGrid products={items} eager={4} label="Products" />
      </div>
      <Pagination
        page={state.page}
        pageCount={pageCount}
        href={(page) => hrefOf({ ...state, page })}
      />
    </>
  )
}

/** `/shop`: the catalog with collection filter, name search, sort and pages, all in the URL. */
export default function ShopPage() {
  const id = useId()
  const [params, setParams] = useSearchParams()
  const state = readCatalogState(params)
  const collections = useCollections()
  const [search, setSearch] = useState(state.search)

  // The URL changes elsewhere too (header search, back button): the field follows it, unless
  // the change is the field's own search landing while the shopper types on.
  const pushed = useRef<string | null>(null)
  useEffect(() => {
    if (pushed.current !== state.search) setSearch(state.search)
    pushed.current = null
  }, [state.search])

  // What the shopper typed before the page's scripts ran is in the field (its value differs from
  // the one the server wrote), not in the state: it is searched as if typed now. After the effect
  // above, which sets the field to the URL's search on the first render.
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = field.current
    if (typed && typed.value !== typed.defaultValue) setSearch(typed.value)
  }, [])

  // Typing searches after a pause, replacing the history entry rather than adding one per key.
  useEffect(() => {
    const trimmed = search.trim()
    const current = readCatalogState(params)
    if (trimmed === current.search) return
    const timer = setTimeout(() => {
      pushed.current = trimmed
      setParams(writeCatalogState({ ...current, search: trimmed, page: 1 }), { replace: true })
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, params, setParams])

  // The loaders made sure the collection exists (else the page is a 404).
  const collection = state.collection
    ? collections.data?.find((item) => item.slug === state.collection)
    : undefined
  const heading = state.search
    ? `Results for “${state.search}”`
    : (collection?.name ?? (state.collection ? '' : 'All products'))

  let results
  if (collections.isError)
    results = <ErrorState error={collections.error} retry={() => collections.refetch()} />
  else if (state.collection && !collection) results = <ProductGridSkeleton count={PAGE_SIZE} />
  else results = <Results state={state} collectionId={collection?.id} />

  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Shop</p>
        <h1>{heading || '\u00a0'}</h1>
        {collection?.description && !state.search && <p>{collection.description}</p>}
      </header>
      <div className="shop-layout">
        <Filters collections={collections.data} state={state} />
        <div>
          <form
            className="toolbar"
            role="search"
            action="/shop"
            onSubmit={(event) => {
              event.preventDefault()
              setParams(writeCatalogState({ ...state, search: search.trim(), page: 1 }))
            }}
          >
            {state.collection && <input type="hidden" name="collection" value={state.collection} />}
            <div className="field toolbar__search">
              <label className="field__label" htmlFor={`${id}-search`}>
                Search by name
              </label>
              <input
                id={`${id}-search`}
                ref={field}
                className="input"
                type="search"
                name="q"
                maxLength={MAX_SEARCH}
                placeholder="Linen, mug, tote…"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="field toolbar__sort">
              <label className="field__label" htmlFor={`${id}-sort`}>
                Sort by
              </label>
              <select
                id={`${id}-sort`}
                className="select"
                name="sort"
                value={state.sort ?? ''}
                onChange={(event) =>
                  setParams(
                    writeCatalogState({
                      ...state,
                      sort: (event.target.value || undefined) as CatalogState['sort'],
                      page: 1,
                    }),
                  )
                }
              >
                <option value="">Featured</option>
                {SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </div>
            {/* Without the page's script the sort applies on this button. */}
            <noscript>
              <button type="submit" className="button button--secondary toolbar__apply">
                Apply
              </button>
            </noscript>
          </form>
          {results}
        </div>
      </div>
    </div>
  )
}
