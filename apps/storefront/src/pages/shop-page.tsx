import type { Collection } from '@vitrine/client'
import { useCollections, useProducts } from '@vitrine/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Pagination } from '../components/pagination'
import { ProductGrid, ProductGridSkeleton } from '../components/product-card'
import { EmptyState, ErrorState } from '../components/status'
import {
  PAGE_SIZE,
  productListParams,
  readCatalogState,
  SORTS,
  writeCatalogState,
  type CatalogState,
} from '../lib/catalog-params'

const SEARCH_DELAY_MS = 300

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
          {collections?.map((collection) => (
            <li key={collection.id}>
              <Link
                className="filter-link"
                to={hrefOf({ ...state, collection: collection.slug, page: 1 })}
                aria-current={state.collection === collection.slug}
              >
                {collection.name}
                <span className="filter-link__count">{collection.numberOfProducts}</span>
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
export function ShopPage() {
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

  const collection = state.collection
    ? collections.data?.find((item) => item.slug === state.collection)
    : undefined
  const unknownCollection = !!state.collection && !!collections.data && !collection
  const heading = state.search
    ? `Results for “${state.search}”`
    : (collection?.name ?? (state.collection ? '' : 'All products'))

  let results
  if (!state.collection) results = <Results state={state} />
  else if (collection) results = <Results state={state} collectionId={collection.id} />
  else if (collections.isError)
    results = <ErrorState error={collections.error} retry={() => collections.refetch()} />
  else if (unknownCollection)
    results = (
      <EmptyState
        title="That collection doesn’t exist"
        actions={
          <Link className="button button--primary" to="/shop">
            Browse all products
          </Link>
        }
      />
    )
  else results = <ProductGridSkeleton count={PAGE_SIZE} />

  return (
    <div className="container">
      <title>{`${heading || 'Shop'} · Vitrine`}</title>
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
            onSubmit={(event) => {
              event.preventDefault()
              setParams(writeCatalogState({ ...state, search: search.trim(), page: 1 }))
            }}
          >
            <div className="field toolbar__search">
              <label className="field__label" htmlFor={`${id}-search`}>
                Search by name
              </label>
              <input
                id={`${id}-search`}
                className="input"
                type="search"
                name="q"
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
          </form>
          {results}
        </div>
      </div>
    </div>
  )
}
