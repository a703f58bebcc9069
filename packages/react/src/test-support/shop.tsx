import { memoryTokenStorage, OAuthStrategy } from '@vitrine/client'
import type { ReactNode } from 'react'
import { catalogClient } from '../../../platform/src/test-support/catalog.js'
import { startPlatform, type TestPlatform } from '../../../platform/src/test-support/platform.js'
import { createVitrineClient, type VitrineClient } from '../clients.js'
import { createMerchantClient, type MerchantClient } from '../merchant-client.js'
import { MerchantProvider } from '../merchant-provider.js'
import { VitrineProvider } from '../provider.js'
import { SHOP_ORIGIN } from './origin.js'

/**
 * The demo shop on a fresh database, with the test page's origin as its one allowed origin, and
 * other `settings` (e.g. a short `accessTokenTtlSeconds`).
 */
export const startShop = (
  origin = SHOP_ORIGIN,
  settings: Parameters<typeof startPlatform>[1] = {},
): Promise<TestPlatform> =>
  startPlatform('sqlite', { seed: 'demo', allowedOrigins: [origin], workers: false, ...settings })

/** The id of the product of `slug` on the platform at `baseUrl` (the demo's `pour-over-coffee-set`). */
export async function productIdOf(baseUrl: string, slug = 'pour-over-coffee-set'): Promise<string> {
  const catalog = catalogClient(baseUrl, OAuthStrategy({ clientId: 'demo-storefront' }))
  const page = await catalog.products.queryProducts().eq('slug', slug).find()
  return page.items[0]!.id
}

/** A new visitor's client of `platform` (tokens in memory, so each test is a new visitor). */
export const shopperOf = (platform: TestPlatform, fetch?: typeof globalThis.fetch): VitrineClient =>
  createVitrineClient({
    clientId: 'demo-storefront',
    baseUrl: platform.baseUrl,
    storage: memoryTokenStorage(),
    fetch,
  })

/** The merchant's client of `platform`, on its admin key. */
export const merchantOf = (platform: TestPlatform): MerchantClient =>
  createMerchantClient({ apiKey: platform.adminKey, baseUrl: platform.baseUrl })

/** A `renderHook` wrapper: the providers as a storefront sets them up. */
export const providers =
  (client: VitrineClient, merchant?: MerchantClient) =>
  ({ children }: { children: ReactNode }) => (
    <VitrineProvider client={client}>
      {merchant ? <MerchantProvider client={merchant}>{children}</MerchantProvider> : children}
    </VitrineProvider>
  )

/**
 * A `fetch` that holds back the requests whose URL matches a held pattern until released, so a
 * test can look at the page while the server has not answered yet. Everything else goes through.
 */
export function gatedFetch() {
  const gates = new Set<{ pattern: RegExp; open: Promise<void> }>()
  const held = new Map<string, number>()
  const through: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const path = new URL(url).pathname
    const gate = [...gates].find((candidate) => candidate.pattern.test(path))
    if (gate) {
      held.set(path, (held.get(path) ?? 0) + 1)
      await gate.open
      held.set(path, held.get(path)! - 1)
    }
    return fetch(input, init)
  }
  return {
    fetch: through,
    /** Requests waiting at a gate, all or those whose path matches `pattern`. */
    held: (pattern?: RegExp) =>
      [...held].reduce(
        (sum, [path, count]) => sum + (!pattern || pattern.test(path) ? count : 0),
        0,
      ),
    /** Holds requests to paths matching `pattern`; the returned function lets them go. */
    hold(pattern: RegExp): () => void {
      let release!: () => void
      const gate = { pattern, open: new Promise<void>((resolve) => (release = resolve)) }
      gates.add(gate)
      return () => {
        gates.delete(gate)
        release()
      }
    },
  }
}
