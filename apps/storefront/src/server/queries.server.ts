import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { createVitrineQueryClient } from '@vitrine/react'
import type { PageState } from '../lib/page-data'

/**
 * A page's data on the server: `fill` fetches into a QueryClient of this request, whose state is
 * handed to the browser (`PageState`).
 */
export async function prefetched(
  fill: (queries: QueryClient) => Promise<unknown>,
): Promise<Required<PageState>> {
  const queries = createVitrineQueryClient()
  await fill(queries)
  return { state: dehydrate(queries) }
}
