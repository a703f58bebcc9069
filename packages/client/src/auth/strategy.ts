import type { Http } from '../http/pipeline.js'

/** Headers an auth strategy adds to every call (e.g. the raw `Authorization` token). */
export interface AuthHeaders {
  headers: Record<string, string>
}

/** How a client authenticates: {@link OAuthStrategy}, {@link ApiKeyStrategy} or your own. */
export interface AuthStrategy {
  /** The headers for the next call; may fetch or renew tokens first. */
  getAuthHeaders(): Promise<AuthHeaders> | AuthHeaders
  /** An elevated strategy (API key) may call elevated modules such as `catalogWriter`. */
  readonly elevated?: boolean
  /** Called by `createClient` so the strategy's own calls use the client's base URL and fetch. */
  attach?(http: Http): void
}
