import type { Http } from '../http/pipeline.js'

/** Headers an auth strategy adds to every call (e.g. the raw `Authorization` token). */
export interface AuthHeaders {
  headers: Record<string, string>
}

/** How a client authenticates: {@link OAuthStrategy}, {@link ApiKeyStrategy} or your own. */
export interface AuthStrategy {
  /** The headers for the next call; may fetch or renew tokens first. */
  getAuthHeaders(): Promise<AuthHeaders> | AuthHeaders
  /**
   * Called when a call sent with `headers` (all of them: the strategy's, unless the call gave its
   * own) was answered 401, the server refusing these credentials before doing anything. Returns
   * whether the call may be sent again, once, with the headers `getAuthHeaders` gives next (e.g.
   * after renewing a token). Without it, or when it returns `false`, the 401 rejects the call.
   */
  refused?(headers: Record<string, string>): boolean
  /** An elevated strategy (API key) may call elevated modules such as `catalogWriter`. */
  readonly elevated?: boolean
  /** Called by `createClient` so the strategy's own calls use the client's base URL and fetch. */
  attach?(http: Http): void
}

/**
 * The credentials of `strategy` for another client (e.g. one of modules loaded later): its
 * headers, its refusals (so a refused token is renewed for both clients) and whether it is
 * elevated. The strategy stays attached to its own client, whose pipeline its token calls use.
 *
 * @example
 * const lazy = createClient({ modules: { members }, auth: borrowAuth(client.auth) })
 */
export function borrowAuth(strategy: AuthStrategy): AuthStrategy {
  return {
    getAuthHeaders: strategy.getAuthHeaders.bind(strategy),
    refused: strategy.refused?.bind(strategy),
    elevated: strategy.elevated,
  }
}
