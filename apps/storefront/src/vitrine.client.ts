import { createVitrineClient, createVitrineQueryClient, type VitrineClient } from '@vitrine/react'
import { browserConfig } from './lib/shop-config'
import { sharedTokenStorage } from './lib/shared-tokens.client'

let client: VitrineClient | undefined

/**
 * The browser's client of the platform (made on first use, from the settings the server wrote
 * into the page): the visitor's or member's tokens in the cookie that the shop's server reads too.
 * Browser only (`.client`: the server's build has an empty module here, so nothing on the server
 * can call it): the server's loaders use the request's clients (`server/shop-context.server.ts`).
 */
export function browserClient(): VitrineClient {
  if (import.meta.env.SSR) throw new Error('browserClient() is the browser’s client only.')
  const { clientId, platformUrl } = browserConfig()
  return (client ??= createVitrineClient({
    clientId,
    baseUrl: platformUrl,
    storage: sharedTokenStorage(),
  }))
}

/** The browser's query cache: the pages render from it, the loaders fill it, the server's seeds it. */
export const queries = createVitrineQueryClient()
