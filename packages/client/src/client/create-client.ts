import type { AuthStrategy } from '../auth/strategy.js'
import { createHttp, type Http, type HttpOptions } from '../http/pipeline.js'
import type { RetryOptions } from '../http/retry.js'

/** A module function before it is bound to a client's pipeline. */
export type Operation = (http: Http) => (...args: any[]) => any

/** An enumeration a module carries beside its operations (`products.OptionType`). */
export type Enumeration = { readonly [name: string]: string }

/**
 * A module: a plain object of operations (`currentCart`, `products`, …) and of the enumerations
 * of its fields, as the official modules have them.
 */
export type Module = Record<string, Operation | Enumeration>

/** A module with its operations bound to one client; its enumerations as they are. */
export type BoundModule<M extends Module> = {
  [K in keyof M]: M[K] extends Operation ? ReturnType<M[K]> : M[K]
}

/** What {@link createClient} takes. */
export interface ClientOptions<M extends Record<string, Module>, A extends AuthStrategy> {
  /** The modules the client exposes, by the name you will call them by (or bind them with `use`). */
  modules?: M
  /** How calls authenticate: `OAuthStrategy(...)` for shoppers, `ApiKeyStrategy(...)` for merchants. */
  auth?: A
  /**
   * The API host for every call the client and its auth strategy make, token calls included.
   * Default: the provider. Point it at the local platform, e.g. `http://127.0.0.1:4100`.
   */
  baseUrl?: string
  /** The `fetch` implementation. Default: the global one. */
  fetch?: typeof fetch
  /** Headers sent with every call. */
  headers?: Record<string, string>
  /** Retries of reads on network errors, 429 and 503. */
  retry?: RetryOptions
}

/** Modules bound to one client, by name. */
export type BoundModules<M extends Record<string, Module>> = { [K in keyof M]: BoundModule<M[K]> }

/** A client: the bound modules plus its `auth` strategy. */
export type Client<M extends Record<string, Module>, A extends AuthStrategy> = BoundModules<M> & {
  auth: A
  /** Adds or replaces headers sent on every later call. */
  setHeaders(headers: Record<string, string>): void
  /**
   * Binds a module to this client (`client.use(products)`), or an object of modules
   * (`client.use({ products, currentCart })`), as the official client does.
   */
  use<U extends Module | Record<string, Module>>(
    modules: U,
  ): U extends Record<string, Module> ? BoundModules<U> : U extends Module ? BoundModule<U> : never
}

/**
 * Creates a client whose modules share one request pipeline.
 *
 * @example
 * const client = createClient({
 *   modules: { currentCart, products },
 *   auth: OAuthStrategy({ clientId: 'my-client-id' }),
 * })
 * const cart = await client.currentCart.getCurrentCart()
 */
export function createClient<
  M extends Record<string, Module>,
  A extends AuthStrategy = AuthStrategy,
>(options: ClientOptions<M, A>): Client<M, A> {
  const { modules, auth, ...rest } = options
  const http = createHttp({ ...(rest as HttpOptions), auth })
  auth?.attach?.(http)
  // A module's operations are bound; its enumerations copied, values as they are (as the official
  // client does); an object of modules is bound module by module.
  const use = (given: Record<string, unknown>): Record<string, unknown> => {
    // An import that is not there (a typo, a module of the official client we do not have).
    if (!given) throw TypeError(`client.use(${given}): not a module`)
    const bound: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(given))
      bound[key] =
        typeof value == 'function'
          ? value(http)
          : typeof value == 'string'
            ? value
            : use(value as Module)
    return bound
  }
  return { ...use(modules ?? {}), auth, setHeaders: http.setHeaders, use } as Client<M, A>
}
