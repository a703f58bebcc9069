import { recovery as main } from '../identity/recovery.js'
import * as identity from '../enums/identity.js'
import { identityEnumerations } from './identity-enumerations.js'

/**
 * `recovery` as the official module has it: the operations of the main entry's `recovery` and
 * the official module's enumerations that SPEC §3 has (`recovery.StateType.SUCCESS`).
 */
export const recovery = {
  ...main,
  ...identityEnumerations,
  Reason: identity.StatusReason,
  TenantType: identity.TenantType,
}

/**
 * The types of `recovery` under the module's name, by the official module's names
 * (`let state: recovery.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace recovery {
  export type CaptchaToken = import('../identity/types.js').CaptchaToken
  export type Identity = import('../identity/types.js').Identity
  export type IdentityProfile = import('../identity/types.js').IdentityProfile
  export type LoginId = import('../identity/types.js').LoginId
  export type StateMachineResponse = import('../identity/types.js').StateMachineResponse
  export type RecoverOptions = import('../identity/types.js').RecoverOptions
  export type SendActivationEmailOptions = import('../identity/types.js').SendActivationEmailOptions
  export type SendRecoveryEmailOptions = import('../identity/types.js').SendRecoveryEmailOptions

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type Reason = import('../enums/identity.js').StatusReason
  export type TenantType = import('../enums/identity.js').TenantType
}
