import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { isApiError, TOKENS_UNAVAILABLE } from '@vitrine/client'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { VitrineClient } from './clients.js'
import { vitrineKeys } from './keys.js'

const VitrineContext = createContext<VitrineClient | null>(null)

/**
 * A QueryClient with the storefront's defaults: data is fresh for 30 s, and a failed query is
 * retried (twice) only when retrying can help: no answer at all or a server error, never a 4xx.
 * Mutations wait while the browser is offline (TanStack Query's online manager) and run when it is
 * back; one that was not sent because no tokens could be had (`TOKENS_UNAVAILABLE`: network,
 * 429, 5xx) is tried again, up to 3 times, waiting for the browser to be online. Other failed
 * writes are not repeated: a lost answer may hide a write that happened.
 */
export function createVitrineQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          failures < 2 && isApiError(error) && (error.status === 0 || error.status >= 500),
      },
      mutations: {
        retry: (failures, error) =>
          failures < 3 && isApiError(error) && error.code === TOKENS_UNAVAILABLE,
      },
    },
  })
}

/** Who the tokens belong to: a member's session, or any visitor. */
function sessionOf(client: VitrineClient): string {
  const { refreshToken } = client.auth.getTokens()
  return refreshToken.role === 'member' ? `member:${refreshToken.value}` : 'visitor'
}

/**
 * Refetches the cart and the member whenever the session changes hands (a login or logout here or
 * in another tab): the platform merges the visitor's cart into the member's at login. Visitor
 * token renewals change nothing.
 */
function watchSession(client: VitrineClient, queries: QueryClient): () => void {
  let session = sessionOf(client)
  return client.subscribeTokens(() => {
    const next = sessionOf(client)
    if (next === session) return
    session = next
    void queries.invalidateQueries({ queryKey: vitrineKeys.cart() })
    void queries.invalidateQueries({ queryKey: vitrineKeys.member() })
  })
}

/** Props of {@link VitrineProvider}. */
export interface VitrineProviderProps {
  client: VitrineClient
  /** Default: one made by {@link createVitrineQueryClient}. */
  queryClient?: QueryClient
  children?: ReactNode
}

/**
 * Gives its tree one shopper's client and one QueryClient.
 *
 * @example
 * <VitrineProvider client={createVitrineClient({ clientId })}><App /></VitrineProvider>
 */
export function VitrineProvider({ client, queryClient, children }: VitrineProviderProps) {
  const [own] = useState(() => (queryClient ? undefined : createVitrineQueryClient()))
  const queries = queryClient ?? own!
  useEffect(() => watchSession(client, queries), [client, queries])
  return (
    <QueryClientProvider client={queries}>
      <VitrineContext.Provider value={client}>{children}</VitrineContext.Provider>
    </QueryClientProvider>
  )
}

/** The shopper's client of the nearest {@link VitrineProvider}. */
export function useVitrineClient(): VitrineClient {
  const client = useContext(VitrineContext)
  if (!client) throw new Error('useVitrineClient() needs a <VitrineProvider> above it')
  return client
}
