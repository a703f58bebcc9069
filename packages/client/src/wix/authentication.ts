import { authentication as main } from '../identity/authentication.js'
import * as identity from '../enums/identity.js'
import { identityEnumerations } from './identity-enumerations.js'

/**
 * `authentication` as the official module has it: the operations of the main entry's `authentication` and
 * the official module's enumerations that SPEC §3 has (`authentication.StateType.SUCCESS`).
 */
export const authentication = {
  ...main,
  ...identityEnumerations,
  TenantType: identity.TenantType,
  V1Reason: identity.StatusReason,
}

/**
 * The types of `authentication` under the module's name, by the official module's names
 * (`let state: authentication.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace authentication {
  export type CaptchaToken = import('../identity/types.js').CaptchaToken
  export type Identity = import('../identity/types.js').Identity
  export type IdentityProfile = import('../identity/types.js').IdentityProfile
  export type LoginId = import('../identity/types.js').LoginId
  export type StateMachineResponse = import('../identity/types.js').StateMachineResponse
  export type LoginV2Options = import('../identity/types.js').LoginV2Options
  export type LogoutOptions = import('../identity/types.js').LogoutOptions
  export type RegisterV2Options = import('../identity/types.js').RegisterV2Options
  export type SignOnOptions = import('../identity/types.js').SignOnOptions
  export type SignOnResponse = import('../identity/types.js').SignOnResponse
  export type ValidateEmailResponse = import('../identity/types.js').ValidateEmailResponse

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type TenantType = import('../enums/identity.js').TenantType
  export type V1Reason = import('../enums/identity.js').StatusReason
}
