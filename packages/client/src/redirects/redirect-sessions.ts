import type { CallOptions, Http } from '../http/pipeline.js'
import type { RedirectSession, RedirectSessionOptions } from './types.js'

/**
 * Creates a session on a hosted page (checkout, login, logout, …); the answer is returned as sent.
 * Calls `POST /_api/redirects-api/v1/redirect-session`.
 *
 * @example
 * const { redirectSession } = await client.redirects.createRedirectSession({
 *   ecomCheckout: { checkoutId },
 *   callbacks: { postFlowUrl: window.location.href },
 * })
 * window.location.href = redirectSession.fullUrl
 */
export const createRedirectSession =
  (http: Http) =>
  (
    options: RedirectSessionOptions,
    callOptions?: CallOptions,
  ): Promise<{ redirectSession: RedirectSession }> =>
    http.call(
      { method: 'POST', path: '/_api/redirects-api/v1/redirect-session' },
      options,
      callOptions,
    )

/**
 * Redirect sessions to the provider's hosted pages. Pass it to `createClient`'s `modules`.
 */
export const redirects = {
  createRedirectSession,
}
