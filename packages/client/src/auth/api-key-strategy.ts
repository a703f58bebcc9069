import type { AuthStrategy } from './strategy.js'

/** What {@link ApiKeyStrategy} takes. */
export interface ApiKeyStrategyOptions {
  /** An API key of the site's account. Keep it on the server. */
  apiKey: string
  /** Sent as `wix-site-id`: the site the calls act on. */
  siteId?: string
  /** Sent as `wix-account-id`: for account-level calls. */
  accountId?: string
}

/** An elevated strategy: its clients may use elevated modules such as `catalogWriter`. */
export interface ApiKeyStrategy extends AuthStrategy {
  readonly elevated: true
  getAuthHeaders(): { headers: Record<string, string> }
}

/**
 * The auth strategy of merchants and apps, on a server: every call sends `Authorization: <apiKey>`
 * (raw, no `Bearer`), plus `wix-site-id` and `wix-account-id` when given.
 *
 * @example
 * const admin = createClient({
 *   modules: { catalogWriter },
 *   auth: ApiKeyStrategy({ apiKey: env.API_KEY, siteId: env.SITE_ID }),
 * })
 */
export function ApiKeyStrategy({
  apiKey,
  siteId,
  accountId,
}: ApiKeyStrategyOptions): ApiKeyStrategy {
  const headers: Record<string, string> = { Authorization: apiKey }
  if (siteId) headers['wix-site-id'] = siteId
  if (accountId) headers['wix-account-id'] = accountId
  return { elevated: true, getAuthHeaders: () => ({ headers: { ...headers } }) }
}
