import {
  borrowAuth,
  browserTokenStorage,
  collections,
  createClient,
  currentCart,
  memoryTokenStorage,
  OAuthStrategy,
  products,
  type BoundModule,
  type Client,
  type Module,
  type TokenStorage,
} from '@vitrine/client'
import type { identityModules } from './identity-modules.js'
import type { redirectModules } from './redirect-modules.js'

const shopperModules = { products, collections, currentCart }

/** Bound modules: what a client exposes of `M`. */
type Bound<M extends Record<string, Module>> = { [K in keyof M]: BoundModule<M[K]> }

/** What {@link createVitrineClient} takes. */
export interface VitrineClientOptions {
  /** The storefront's OAuth client id. */
  clientId: string
  /** The API host, e.g. the local platform `http://127.0.0.1:4100`. Default: the provider. */
  baseUrl?: string
  /**
   * Where the visitor's or member's tokens live. Default: `browserTokenStorage()` in a browser
   * (survives reloads, shared by the site's tabs), memory elsewhere.
   */
  storage?: TokenStorage
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch
}

/**
 * A shopper's client: catalog and cart, on an `OAuthStrategy`. Member identity and redirect
 * sessions, which only some pages use, load their code on first use.
 */
export type VitrineClient = Client<typeof shopperModules, OAuthStrategy> & {
  /**
   * Calls `listener` whenever the tokens change: a login, logout or renewal in this tab, or any
   * change another tab makes (through the storage's sync). Returns the unsubscriber.
   */
  subscribeTokens(listener: () => void): () => void
  /**
   * The member identity modules (`authentication`, `recovery`, `verification`) on this client's
   * tokens; their code loads on the first call.
   *
   * @example
   * const { recovery } = await client.identity()
   * await recovery.recover(recoveryToken, { password })
   */
  identity(): Promise<Bound<typeof identityModules>>
  /**
   * The `redirects` module (sessions on the hosted checkout, login and logout pages) on this
   * client's tokens; its code loads on the first call.
   *
   * @example
   * const { redirects } = await client.redirects()
   * const { redirectSession } = await redirects.createRedirectSession({ ecomCheckout: { checkoutId } })
   */
  redirects(): Promise<Bound<typeof redirectModules>>
}

/** The tokens of `storage`, with listeners told of every change, in this tab or another. */
function observed(storage: TokenStorage) {
  const listeners = new Set<() => void>()
  const tokenStorage: TokenStorage = {
    get: () => storage.get(),
    set(tokens) {
      storage.set(tokens)
      for (const listener of [...listeners]) listener()
    },
    lock: storage.lock?.bind(storage),
  }
  const subscribeTokens = (listener: () => void) => {
    listeners.add(listener)
    const stopSync = storage.subscribe?.(() => listener())
    return () => {
      listeners.delete(listener)
      stopSync?.()
    }
  }
  return { tokenStorage, subscribeTokens }
}

/**
 * The shopper's client of a storefront: one per page, given to `<VitrineProvider>`.
 *
 * @example
 * const client = createVitrineClient({ clientId: 'demo-storefront', baseUrl: 'http://127.0.0.1:4100' })
 */
export function createVitrineClient(options: VitrineClientOptions): VitrineClient {
  const storage =
    options.storage ??
    (typeof window === 'undefined' ? memoryTokenStorage() : browserTokenStorage())
  const { tokenStorage, subscribeTokens } = observed(storage)
  const auth = OAuthStrategy({ clientId: options.clientId, tokenStorage })
  const shared = { baseUrl: options.baseUrl, fetch: options.fetch }
  const client = createClient({ modules: shopperModules, auth, ...shared })

  // The lazily loaded modules get clients of their own with the same host, fetch and headers,
  // calling with the shopper's tokens, which a refusal renews for all (the strategy stays
  // attached to the first client only).
  const headers: Record<string, string> = {}
  const setters = [client.setHeaders]
  const lazily = <M extends Record<string, Module>>(load: () => Promise<M>) => {
    let bound: Promise<Bound<M>> | undefined
    const bind = (modules: M): Bound<M> => {
      const lazy = createClient({
        modules,
        auth: borrowAuth(auth),
        headers: { ...headers },
        ...shared,
      })
      setters.push(lazy.setHeaders)
      // Only the modules: the lazy client's `auth` and `setHeaders` are this client's business.
      const names = Object.keys(modules)
      return Object.fromEntries(names.map((name) => [name, lazy[name]])) as unknown as Bound<M>
    }
    // A failed load (offline) is tried again on the next call.
    const forget = (error: unknown): never => {
      bound = undefined
      throw error
    }
    return () => (bound ??= load().then(bind, forget))
  }

  return Object.assign(client, {
    subscribeTokens,
    setHeaders(next: Record<string, string>) {
      Object.assign(headers, next)
      for (const setHeaders of setters) setHeaders(next)
    },
    identity: lazily(() => import('./identity-modules.js').then((m) => m.identityModules)),
    redirects: lazily(() => import('./redirect-modules.js').then((m) => m.redirectModules)),
  })
}
