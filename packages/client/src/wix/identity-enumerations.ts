import * as identity from '../enums/identity.js'

/** The enumerations the official identity modules (authentication, recovery, verification) all have. */
export const identityEnumerations = {
  AddressTag: identity.AddressTag,
  EmailTag: identity.EmailTag,
  PhoneTag: identity.PhoneTag,
  PrivacyStatus: identity.PrivacyStatus,
  StateType: identity.StateMachineState,
  StatusName: identity.IdentityStatus,
}
