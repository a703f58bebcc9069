import * as identity from '../enums/identity.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type { StartVerificationOptions, StateMachineResponse } from './types.js'
import { IDENT_RESP, iam } from './wire.js'

/** Starts a verification (sends a code). Calls `POST /_api/iam/verification/v1/start`. */
export const start =
  (http: Http) =>
  (
    options: StartVerificationOptions = {},
    callOptions?: CallOptions,
  ): Promise<{ verificationId: string }> =>
    http.call(iam('verification/v1/start'), options, callOptions)

/**
 * Submits the e-mailed code of a login or registration that answered `REQUIRE_EMAIL_VERIFICATION`.
 * Calls `POST /_api/iam/verification/v1/auth/verify`.
 */
export const verifyDuringAuthentication =
  (http: Http) =>
  (
    code: string,
    options: { stateToken: string },
    callOptions?: CallOptions,
  ): Promise<StateMachineResponse> =>
    http.call(iam('verification/v1/auth/verify', IDENT_RESP), { code, ...options }, callOptions)

/** Sends the code of a pending verification again. Calls `POST /_api/iam/verification/v1/auth/resend`. */
export const resendDuringAuthentication =
  (http: Http) =>
  async (stateToken: string, callOptions?: CallOptions): Promise<void> => {
    await http.call(iam('verification/v1/auth/resend'), { stateToken }, callOptions)
  }

/** E-mail verification codes (IAM verification). Pass it to `createClient`'s `modules`. */
export const verification = {
  // The official module's enumerations that SPEC §3 has (`verification.StateType.SUCCESS`).
  AddressTag: identity.AddressTag,
  EmailTag: identity.EmailTag,
  PhoneTag: identity.PhoneTag,
  PrivacyStatus: identity.PrivacyStatus,
  Reason: identity.StatusReason,
  StateType: identity.StateMachineState,
  StatusName: identity.IdentityStatus,
  Target: identity.VerificationTarget,
  start,
  verifyDuringAuthentication,
  resendDuringAuthentication,
}

/**
 * The types of `verification` under the module's name, by the official module's names
 * (`let state: verification.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace verification {
  export type CaptchaToken = import('./types.js').CaptchaToken
  export type Identity = import('./types.js').Identity
  export type IdentityProfile = import('./types.js').IdentityProfile
  export type LoginId = import('./types.js').LoginId
  export type StateMachineResponse = import('./types.js').StateMachineResponse
  export type StartOptions = import('./types.js').StartVerificationOptions

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type Reason = import('../enums/identity.js').StatusReason
  export type Target = import('../enums/identity.js').VerificationTarget
}
