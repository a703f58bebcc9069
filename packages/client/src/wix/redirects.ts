import { redirects as main } from '../redirects/redirect-sessions.js'
import * as commerce from '../enums/commerce.js'
import * as redirect from '../enums/redirect.js'

/**
 * `redirects` as the official module has it: the operations of the main entry's `redirects` and
 * the official module's enumerations (`redirects.Prompt.login`).
 */
export const redirects = {
  ...main,
  AttachPagesResponseStatus: redirect.RedirectStatus,
  CallbackType: redirect.CallbackType,
  LocationType: redirect.LocationType,
  MembersAccountSection: redirect.MembersAccountSection,
  Prompt: redirect.Prompt,
  Status: redirect.RedirectStatus,
  WebhookIdentityType: commerce.IdentityType,
}

/**
 * The types of redirect sessions under the module's name, by the official module's names
 * (`let session: redirects.RedirectSession`), and the value types of its enumerations.
 */
export declare namespace redirects {
  export type CallbackParams = import('../redirects/types.js').RedirectCallbacks
  export type CreateRedirectSessionOptions = import('../redirects/types.js').RedirectSessionOptions
  export type CreateRedirectSessionResponse = {
    redirectSession: import('../redirects/types.js').RedirectSession
  }
  export type RedirectSession = import('../redirects/types.js').RedirectSession
  export type RedirectSessionAuthParams = import('../redirects/types.js').RedirectIntents['auth']
  export type RedirectSessionPreferences = import('../redirects/types.js').RedirectPreferences

  export type AttachPagesResponseStatus = import('../enums/redirect.js').RedirectStatus
  export type CallbackType = import('../enums/redirect.js').CallbackType
  export type LocationType = import('../enums/redirect.js').LocationType
  export type MembersAccountSection = import('../enums/redirect.js').MembersAccountSection
  export type Prompt = import('../enums/redirect.js').Prompt
  export type Status = import('../enums/redirect.js').RedirectStatus
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
}
