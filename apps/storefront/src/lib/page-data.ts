import type { DehydratedState } from '@tanstack/react-query'
import { isApiError } from '@vitrine/client'
import { data, type UIMatch } from 'react-router'

/**
 * What a page's server loader hands to the browser: the TanStack Query state its render used, so
 * that the browser renders the same from its cache without asking again. (Client loaders fill the
 * browser's cache directly and hand nothing.)
 */
export interface PageState {
  state?: DehydratedState
}

/** The query states of every route on screen, as one (the root hydrates it before the pages). */
export function pageStates(matches: UIMatch[]): DehydratedState {
  const states = matches.map((match) => (match.data as PageState | undefined)?.state)
  return {
    queries: states.flatMap((state) => state?.queries ?? []),
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
