import * as identity from '../enums/identity.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type {
  RecoverOptions,
  SendActivationEmailOptions,
  SendRecoveryEmailOptions,
  StateMachineResponse,
} from './types.js'
import { IDENT_RESP, iam } from './wire.js'

/** Sends a password-reset e-mail. Calls `POST /_api/iam/recovery/v1/send-email`. */
export const sendRecoveryEmail =
  (http: Http) =>
  async (
    email: string,
    options?: SendRecoveryEmailOptions,
    callOptions?: CallOptions,
  ): Promise<void> => {
    await http.call(iam('recovery/v1/send-email'), { email, ...options }, callOptions)
  }

/** Sends an account-activation e-mail. Calls `POST /_api/iam/recovery/v1/activation-email`. */
export const sendActivationEmail =
  (http: Http) =>
  async (
    identityId: string,
    options?: SendActivationEmailOptions,
    callOptions?: CallOptions,
  ): Promise<void> => {
    await http.call(iam('recovery/v1/activation-email'), { identityId, ...options }, callOptions)
  }

/**
 * Sets a new password with the token of a recovery e-mail.
 * Calls `POST /_api/iam/recovery/v1/recover`.
 */
export const recover =
  (http: Http) =>
  (
    recoveryToken: string,
    options?: RecoverOptions,
    callOptions?: CallOptions,
  ): Promise<StateMachineResponse> =>
    http.call(iam('recovery/v1/recover', IDENT_RESP), { recoveryToken, ...options }, callOptions)

/** Password recovery and account activation (IAM recovery). Pass it to `createClient`'s `modules`. */
export const recovery = {
  // The official module's enumerations that SPEC §3 has (`recovery.StateType.SUCCESS`).
  AddressTag: identity.AddressTag,
  EmailTag: identity.EmailTag,
  PhoneTag: identity.PhoneTag,
  PrivacyStatus: identity.PrivacyStatus,
  Reason: identity.StatusReason,
  StateType: identity.StateMachineState,
  StatusName: identity.IdentityStatus,
  TenantType: identity.TenantType,
  sendRecoveryEmail,
  sendActivationEmail,
  recover,
}

/**
 * The types of `recovery` under the module's name, by the official module's names
 * (`let state: recovery.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace recovery {
  export type CaptchaToken = import('./types.js').CaptchaToken
  export type Identity = import('./types.js').Identity
  export type IdentityProfile = import('./types.js').IdentityProfile
  export type LoginId = import('./types.js').LoginId
  export type StateMachineResponse = import('./types.js').StateMachineResponse
  export type RecoverOptions = import('./types.js').RecoverOptions
  export type SendActivationEmailOptions = import('./types.js').SendActivationEmailOptions
  export type SendRecoveryEmailOptions = import('./types.js').SendRecoveryEmailOptions

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type Reason = import('../enums/identity.js').StatusReason
  export type TenantType = import('../enums/identity.js').TenantType
}
