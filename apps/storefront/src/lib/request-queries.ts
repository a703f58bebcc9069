import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react'

/**
 * On the server, the request's QueryClient, which its loaders filled (`prefetched`): the page
 * renders from it, with no hydration (`root.tsx`). Given by the server entry; none in the browser.
 */
export const RequestQueries = createContext<QueryClient | null>(null)
