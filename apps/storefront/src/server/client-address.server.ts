import { createContext } from 'react-router'

/**
 * The shopper's address, as the shop's server (`server.mjs`) read it: the socket's, or the one a
 * proxy the shop trusts forwarded (`STOREFRONT_TRUSTED_PROXIES`). `null` when not known:
 * under the dev server, which has no `getLoadContext`. Set by `loadContext` (`entry.server.tsx`).
 */
export const clientAddressContext = createContext<string | null>(null)

/**
 * The header that tells the platform whose request the shop's server makes for a shopper, so
 * that its per-address limits count shoppers, not the shop (the platform trusts the shop's server
 * as a proxy: `VITRINE_TRUSTED_PROXIES`). Nothing when the address is not known.
 */
export const forwardedFor = (clientAddress: string | null): Record<string, string> =>
  clientAddress ? { 'X-Forwarded-For': clientAddress } : {}
