import { verification as main } from '../identity/verification.js'
import * as identity from '../enums/identity.js'
import { identityEnumerations } from './identity-enumerations.js'

/**
 * `verification` as the official module has it: the operations of the main entry's `verification` and
 * the official module's enumerations that SPEC §3 has (`verification.StateType.SUCCESS`).
 */
export const verification = {
  ...main,
  ...identityEnumerations,
  Reason: identity.StatusReason,
  Target: identity.VerificationTarget,
}

/**
 * The types of `verification` under the module's name, by the official module's names
 * (`let state: verification.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace verification {
  export type CaptchaToken = import('../identity/types.js').CaptchaToken
  export type Identity = import('../identity/types.js').Identity
  export type IdentityProfile = import('../identity/types.js').IdentityProfile
  export type LoginId = import('../identity/types.js').LoginId
  export type StateMachineResponse = import('../identity/types.js').StateMachineResponse
  export type StartOptions = import('../identity/types.js').StartVerificationOptions

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type Reason = import('../enums/identity.js').StatusReason
  export type Target = import('../enums/identity.js').VerificationTarget
}
