import { createContext, useContext, type ReactNode } from 'react'
import type { MerchantClient } from './merchant-client.js'

const MerchantContext = createContext<MerchantClient | null>(null)

/** Props of {@link MerchantProvider}. */
export interface MerchantProviderProps {
  client: MerchantClient
  children?: ReactNode
}

/**
 * Gives its tree the merchant's client. Place it inside a `VitrineProvider`: the merchant's
 * writes refresh the shop's queries in the same QueryClient.
 */
export function MerchantProvider({ client, children }: MerchantProviderProps) {
  return <MerchantContext.Provider value={client}>{children}</MerchantContext.Provider>
}

/** The merchant's client of the nearest {@link MerchantProvider}. */
export function useMerchantClient(): MerchantClient {
  const client = useContext(MerchantContext)
  if (!client) throw new Error('useMerchantClient() needs a <MerchantProvider> above it')
  return client
}
