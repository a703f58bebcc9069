import type { AppLoadContext } from 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * The shopper's address, as the shop's server (`server.mjs`) read it: the socket's, or the one
     * a proxy the shop trusts forwarded (`STOREFRONT_TRUSTED_PROXIES`). Absent under the dev server.
     */
    clientAddress?: string
  }
}

/**
 * The header that tells the platform whose request the shop's server makes for a shopper, so
 * that its per-address limits count shoppers, not the shop (the platform trusts the shop's server
 * as a proxy: `VITRINE_TRUSTED_PROXIES`). Nothing when the address is not known.
 */
export const forwardedFor = (context: AppLoadContext | undefined): Record<string, string> =>
  context?.clientAddress ? { 'X-Forwarded-For': context.clientAddress } : {}
