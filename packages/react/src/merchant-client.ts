import {
  ApiKeyStrategy,
  catalogWriter,
  collections,
  createClient,
  orderFulfillments,
  orders,
  products,
  type Client,
} from '@vitrine/client'

const merchantModules = { catalogWriter, products, collections, orders, orderFulfillments }

/**
 * A merchant's client, on an API key: catalog writes and reads (hidden products included), and
 * the shop's orders (search, cancel, fulfill).
 */
export type MerchantClient = Client<typeof merchantModules, ApiKeyStrategy>

/** What {@link createMerchantClient} takes. */
export interface MerchantClientOptions {
  /** The site's admin API key. Keep it out of bundles: ask the merchant for it. */
  apiKey: string
  /** The API host. Default: the provider. */
  baseUrl?: string
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch
}

/**
 * The merchant's client, given to `<MerchantProvider>`: catalog writes and orders need its
 * elevated key. A module of its own, so that a shop's pages load neither the catalog writer nor
 * the orders modules.
 *
 * @example
 * const merchant = createMerchantClient({ apiKey: sessionStorage.getItem('admin-key')! })
 */
export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  return createClient({
    modules: merchantModules,
    auth: ApiKeyStrategy({ apiKey: options.apiKey }),
    baseUrl: options.baseUrl,
    fetch: options.fetch,
  })
}
