import * as commerce from '../enums/commerce.js'
import * as redirect from '../enums/redirect.js'
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
 * Redirect sessions to the provider's hosted pages, with the official module's enumerations
 * (`redirects.Prompt.login`). Pass it to `createClient`'s `modules`.
 */
export const redirects = {
  AttachPagesResponseStatus: redirect.RedirectStatus,
  CallbackType: redirect.CallbackType,
  LocationType: redirect.LocationType,
  MembersAccountSection: redirect.MembersAccountSection,
  Prompt: redirect.Prompt,
  Status: redirect.RedirectStatus,
  WebhookIdentityType: commerce.IdentityType,
  createRedirectSession,
}

/**
 * The types of redirect sessions under the module's name, by the official module's names
 * (`let session: redirects.RedirectSession`), and the value types of its enumerations.
 */
export declare namespace redirects {
  export type CallbackParams = import('./types.js').RedirectCallbacks
  export type CreateRedirectSessionOptions = import('./types.js').RedirectSessionOptions
  export type CreateRedirectSessionResponse = {
    redirectSession: import('./types.js').RedirectSession
  }
  export type RedirectSession = import('./types.js').RedirectSession
  export type RedirectSessionAuthParams = import('./types.js').RedirectIntents['auth']
  export type RedirectSessionPreferences = import('./types.js').RedirectPreferences

  export type AttachPagesResponseStatus = import('../enums/redirect.js').RedirectStatus
  export type CallbackType = import('../enums/redirect.js').CallbackType
  export type LocationType = import('../enums/redirect.js').LocationType
  export type MembersAccountSection = import('../enums/redirect.js').MembersAccountSection
  export type Prompt = import('../enums/redirect.js').Prompt
  export type Status = import('../enums/redirect.js').RedirectStatus
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
