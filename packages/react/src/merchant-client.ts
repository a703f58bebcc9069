import {
  ApiKeyStrategy,
  catalogWriter,
  collections,
  createClient,
  products,
  type Client,
} from '@vitrine/client'

const merchantModules = { catalogWriter, products, collections }

/** A merchant's client: catalog writes and reads (hidden products included), on an API key. */
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
 * The merchant's client, given to `<MerchantProvider>`: catalog writes need its elevated key. A
 * module of its own, so that a shop's pages do not load the catalog writer.
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
