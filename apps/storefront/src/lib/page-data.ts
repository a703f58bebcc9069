import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query'
import { isApiError } from '@vitrine/client'
import { data, type UIMatch } from 'react-router'

/**
 * What a page's server loader hands to the browser: the TanStack Query state its render used, so
 * that the browser renders the same from its cache without asking again. (Client loaders fill the
 * browser's cache directly and hand nothing.)
 */
export interface PageState {
  /** The public catalog's answers, as one JSON text ({@link catalogHandover}). */
  catalog?: string
  /** Anything else (a shopper's cart, a member's name), as TanStack Query dehydrates it. */
  state?: DehydratedState
}

/**
 * The JSON text of the catalog's answers a server loader read at `at` (ms): `{"at", "queries":
 * [[key, data], …]}`, written from each query's hash (its key as JSON) and its data's JSON, so
 * that an answer's JSON, made once, is not encoded again for each page (the text travels as one
 * string).
 */
export const catalogHandover = (at: number, queries: [hash: string, json: string][]): string =>
  `{"at":${at},"queries":[${queries.map(([hash, json]) => `[${hash},${json}]`).join(',')}]}`

type DehydratedQuery = DehydratedState['queries'][number]

/** The queries of a {@link catalogHandover} text, as TanStack Query hydrates them. */
function catalogQueries(text: string): DehydratedQuery[] {
  const { at, queries } = JSON.parse(text) as { at: number; queries: [QueryKey, unknown][] }
  return queries.map(([queryKey, data]) => ({
    queryKey,
    queryHash: hashKey(queryKey),
    dehydratedAt: at,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt: at,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  }))
}

/** Each route's handed-over queries, read once per loader data. */
const read = new WeakMap<object, DehydratedQuery[]>()

function queriesOf(page: PageState | undefined): DehydratedQuery[] {
  if (!page || typeof page !== 'object') return []
  let queries = read.get(page)
  if (!queries) {
    queries = [
      ...(page.catalog ? catalogQueries(page.catalog) : []),
      ...(page.state?.queries ?? []),
    ]
    read.set(page, queries)
  }
  return queries
}

/** The query states of every route on screen, as one (the root hydrates it before the pages). */
export function pageStates(matches: UIMatch[]): DehydratedState {
  return {
    queries: matches.flatMap((match) => queriesOf(match.data as PageState | undefined)),
    mutations: [],
  }
}

/** What a 404 says was not found: `page`, `product`, `collection`. */
export interface Missing {
  what: string
}

/** Ends the request with a 404 for `what` (with `headers`, e.g. a shopper's renewed tokens). */
export function notFound(what: string, headers?: HeadersInit): never {
  throw data<Missing>({ what }, { status: 404, headers })
}

/**
 * `loading`'s result, or a 404 for `what` if the platform answers that it has none — or that the
 * way it was asked for cannot name one (a 400: a slug too long, a page past the last).
 */
export async function orNotFound<T>(what: string, loading: Promise<T>): Promise<T> {
  try {
    return await loading
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) notFound(what)
    throw error
  }
}
