import {
  dehydrate,
  hashKey,
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type FetchQueryOptions,
  type QueryFunctionContext,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query'
import type { Collection } from '@vitrine/client'
import { createVitrineQueryClient, vitrineKeys, type ProductPage } from '@vitrine/react'
import type { RouterContextProvider } from 'react-router'
import { catalogHandover, type PageState } from '../lib/page-data'
import { availabilityOf, cardOf, collectionCardOf, pageProductOf } from './catalog-shapes.server'
import { catalogAnswers } from './platform.server'
import { shopContext } from './shop-context.server'

/**
 * The public catalog's queries the pages read, by the kind their key names, each as it is handed
 * over (and kept by the server's catalog cache): product lists as their cards ({@link cardOf}), a
 * product as its page reads it ({@link pageProductOf}), collections as their cards
 * ({@link collectionCardOf}), availability without pictures ({@link availabilityOf}), a search's
 * count as it is. The merchant's view of the catalog (`merchant`) is none of them.
 */
const handOver = new Map<unknown, (data: any) => unknown>([
  ['products', (page: ProductPage) => ({ ...page, items: page.items.map(cardOf) })],
  ['product', pageProductOf],
  ['collections', (collections: Collection[]) => collections.map(collectionCardOf)],
  ['availability', availabilityOf],
  ['search-count', (count: number) => count],
])

const [SCOPE, CATALOG] = vitrineKeys.catalog()

/** How the public catalog's query of `key` is handed over; `undefined` for any other query. */
const handOverOf = (key: QueryKey) =>
  key[0] === SCOPE && key[1] === CATALOG ? handOver.get(key[2]) : undefined

/** Never aborted: a load of the catalog cache answers every request that waits for it. */
const shared = new AbortController().signal

/**
 * The QueryClient of a server loader: the public catalog's queries it fetches are answered by
 * the server's catalog cache (`catalogAnswers`), as they are handed over — shared by every request
 * while fresh, and asked of the platform once per query when not. What a loader sets by hand is
 * handed over as it is.
 */
class LoaderQueries extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options)
    const trim = handOverOf(defaulted.queryKey)
    const { queryFn, queryHash } = defaulted
    // Options come here once each (then they are `_defaulted`): each query is wrapped once.
    if (options._defaulted || !trim || typeof queryFn !== 'function') return defaulted
    const read = (context: QueryFunctionContext<TQueryKey>) =>
      catalogAnswers.read(queryHash, async () =>
        trim(await queryFn({ ...context, signal: shared })),
      ) as Promise<TQueryFnData>
    return { ...defaulted, queryFn: read }
  }
}

const loaderDefaults = createVitrineQueryClient().getDefaultOptions()

/**
 * The answer of a public catalog query (a query of the shop's catalog reader, `shop.catalog`),
 * through the server's catalog cache: a kind the pages read as they are handed it (e.g.
 * `productQueryOptions(shop.catalog, slug)`: the product as its page reads it), any other as its
 * query answers it — under a key of the catalog's (`[...vitrineKeys.catalog(), 'sitemap', page]`)
 * that names all it depends on. For an action's reads, or a loader's own.
 */
export function readCatalog<TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TData, DefaultError, TData, TQueryKey>,
): Promise<TData> {
  const trim = handOverOf(options.queryKey) ?? ((data: unknown) => data)
  // A QueryClient of its own runs the query (its context, its retries) when the cache loads it.
  return catalogAnswers.read(hashKey(options.queryKey), async () =>
    trim(await new QueryClient({ defaultOptions: loaderDefaults }).fetchQuery(options)),
  ) as Promise<TData>
}

/**
 * A page's data on the server: `fill` fetches into a QueryClient of the loader, whose public
 * catalog reads go through the server's catalog cache ({@link LoaderQueries}). What it fetched
 * goes into the request's QueryClient, which the server renders the page from
 * (`RequestShop.queries()`), and to the browser (`PageState`): the catalog's answers as one JSON
 * text, each answer's JSON made once by the cache — each answer once per request (the layout's
 * and the page's loaders both read the collections; the browser gets all the loaders' data of a
 * request together); anything else (a shopper's cart, a member's name) as TanStack Query
 * dehydrates it. The loader returns what this gives, as it is or with more.
 */
export async function prefetched(
  context: Readonly<RouterContextProvider>,
  fill: (queries: QueryClient) => Promise<unknown>,
): Promise<PageState> {
  const queries = new LoaderQueries({ defaultOptions: loaderDefaults })
  await fill(queries)
  const shop = context.get(shopContext)
  const rendered = shop.queries()
  const catalog: [string, string][] = []
  let own = false
  for (const query of queries.getQueryCache().getAll()) {
    const { status, data, dataUpdatedAt } = query.state
    if (status !== 'success') continue
    rendered.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt })
    if (!handOverOf(query.queryKey)) own = true
    else if (shop.handsOver(query.queryHash))
      catalog.push([query.queryHash, catalogAnswers.json(data)])
  }
  const state =
    own &&
    dehydrate(queries, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && !handOverOf(query.queryKey),
    })
  return {
    ...(state && { state }),
    ...(catalog.length > 0 && { catalog: catalogHandover(Date.now(), catalog) }),
  }
}
