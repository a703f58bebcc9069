import { createVitrineClient, createVitrineQueryClient } from '@vitrine/react'
import { config } from './config'
import { sharedTokenStorage } from './lib/shared-tokens'

/**
 * The browser's client of the platform: the visitor's or member's tokens in the cookie that the
 * shop's server reads too. On the server this module's client is never called (the loaders use
 * the server's own, `server/platform.server.ts`).
 */
export const vitrine = createVitrineClient({
  clientId: config.clientId,
  baseUrl: config.baseUrl,
  ...(!import.meta.env.SSR && { storage: sharedTokenStorage() }),
})

/** The browser's query cache: the pages render from it, the loaders fill it, the server's seeds it. */
export const queries = createVitrineQueryClient()
