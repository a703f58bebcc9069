import { toBytes } from '../codec/convert.js'
import * as identity from '../enums/identity.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type {
  LoginId,
  LoginParams,
  LoginV2Options,
  LogoutOptions,
  LogoutResponse,
  RegisterParams,
  RegisterV2Options,
  SignOnOptions,
  SignOnResponse,
  StateMachineResponse,
  ValidateEmailResponse,
} from './types.js'
import { IDENT_RESP, iam } from './wire.js'

/**
 * Registers a member by e-mail. Calls `POST /_api/iam/authentication/v2/register`.
 *
 * @example
 * const { state, sessionToken } = await client.authentication.registerV2(
 *   { email: 'ada@example.com' },
 *   { password: 'correct horse', profile: { firstName: 'Ada' } },
 * )
 */
export const registerV2 =
  (http: Http) =>
  (
    loginId: LoginId,
    options?: RegisterV2Options,
    callOptions?: CallOptions,
  ): Promise<StateMachineResponse> =>
    http.call(iam('authentication/v2/register', IDENT_RESP), { loginId, ...options }, callOptions)

/** Logs a member in by e-mail. Calls `POST /_api/iam/authentication/v2/login`. */
export const loginV2 =
  (http: Http) =>
  (
    loginId: LoginId,
    options?: LoginV2Options,
    callOptions?: CallOptions,
  ): Promise<StateMachineResponse> =>
    http.call(iam('authentication/v2/login', IDENT_RESP), { loginId, ...options }, callOptions)

/** Changes the logged-in member's password. Calls `POST /_api/iam/authentication/v2/change-password`. */
export const changePassword =
  (http: Http) =>
  async (newPassword: string, callOptions?: CallOptions): Promise<void> => {
    await http.call(iam('authentication/v2/change-password'), { newPassword }, callOptions)
  }

/**
 * Signs a member on without a password (elevated callers: external login).
 * Calls `POST /_api/iam/authentication/v2/sign-on`.
 */
export const signOn =
  (http: Http) =>
  (loginId: LoginId, options?: SignOnOptions, callOptions?: CallOptions): Promise<SignOnResponse> =>
    http.call(iam('authentication/v2/sign-on', IDENT_RESP), { loginId, ...options }, callOptions)

/**
 * Ends the member's session on the provider; the answer is an HTTP response to relay.
 * Calls `GET /_api/iam/authentication/v1/logout`.
 */
export const logout =
  (http: Http) =>
  (options: LogoutOptions = {}, callOptions?: CallOptions): Promise<LogoutResponse> =>
    http.call(
      {
        method: 'GET',
        path: '/_api/iam/authentication/v1/logout',
        response: [[toBytes, ['body']]],
      },
      options,
      callOptions,
    )

/** Checks whether an e-mail address can register. Calls `POST /_api/iam/authentication/v2/validate-email`. */
export const validateEmail =
  (http: Http) =>
  (email: string, callOptions?: CallOptions): Promise<ValidateEmailResponse> =>
    http.call(iam('authentication/v2/validate-email'), { email }, callOptions)

/** Registers an identity with an authenticator (v1). Calls `POST /_api/iam/authentication/v1/register`. */
export const register =
  (http: Http) =>
  (params: RegisterParams, callOptions?: CallOptions): Promise<StateMachineResponse> =>
    http.call(iam('authentication/v1/register', IDENT_RESP), params, callOptions)

/** Logs in with an authenticator (v1). Calls `POST /_api/iam/authentication/v1/login`. */
export const login =
  (http: Http) =>
  (params: LoginParams, callOptions?: CallOptions): Promise<StateMachineResponse> =>
    http.call(iam('authentication/v1/login', IDENT_RESP), params, callOptions)

/**
 * Logs in with an identity provider's token parameters.
 * Calls `POST /_api/iam/authentication/v1/sso/login-with-token-params`.
 */
export const loginWithIdpConnectionTokenParams =
  (http: Http) =>
  (
    idpConnectionId: string,
    tokenParams: Record<string, string>,
    callOptions?: CallOptions,
  ): Promise<StateMachineResponse> =>
    http.call(
      iam('authentication/v1/sso/login-with-token-params', IDENT_RESP),
      { idpConnectionId, tokenParams },
      callOptions,
    )

/** Moves a login or registration on to its next state. Calls `POST /_api/iam/authentication/v1/state/proceed`. */
export const proceedToNextState =
  (http: Http) =>
  (stateToken: string, callOptions?: CallOptions): Promise<StateMachineResponse> =>
    http.call(iam('authentication/v1/state/proceed', IDENT_RESP), { stateToken }, callOptions)

/**
 * Member login, registration and sign-out (IAM authentication). Pass it to `createClient`'s
 * `modules`; or import one operation, e.g. `loginV2`, and bind it with `loginV2(http)`.
 */
export const authentication = {
  // The official module's enumerations that SPEC §3 has (`authentication.StateType.SUCCESS`).
  AddressTag: identity.AddressTag,
  EmailTag: identity.EmailTag,
  PhoneTag: identity.PhoneTag,
  PrivacyStatus: identity.PrivacyStatus,
  StateType: identity.StateMachineState,
  StatusName: identity.IdentityStatus,
  TenantType: identity.TenantType,
  V1Reason: identity.StatusReason,

  registerV2,
  loginV2,
  changePassword,
  signOn,
  logout,
  validateEmail,
  register,
  login,
  loginWithIdpConnectionTokenParams,
  proceedToNextState,
}

/**
 * The types of `authentication` under the module's name, by the official module's names
 * (`let state: authentication.StateMachineResponse`), and the value types of its enumerations.
 */
export declare namespace authentication {
  export type CaptchaToken = import('./types.js').CaptchaToken
  export type Identity = import('./types.js').Identity
  export type IdentityProfile = import('./types.js').IdentityProfile
  export type LoginId = import('./types.js').LoginId
  export type StateMachineResponse = import('./types.js').StateMachineResponse
  export type LoginV2Options = import('./types.js').LoginV2Options
  export type LogoutOptions = import('./types.js').LogoutOptions
  export type RegisterV2Options = import('./types.js').RegisterV2Options
  export type SignOnOptions = import('./types.js').SignOnOptions
  export type SignOnResponse = import('./types.js').SignOnResponse
  export type ValidateEmailResponse = import('./types.js').ValidateEmailResponse

  export type AddressTag = import('../enums/identity.js').AddressTag
  export type EmailTag = import('../enums/identity.js').EmailTag
  export type PhoneTag = import('../enums/identity.js').PhoneTag
  export type PrivacyStatus = import('../enums/identity.js').PrivacyStatus
  export type StateType = import('../enums/identity.js').StateMachineState
  export type StatusName = import('../enums/identity.js').IdentityStatus
  export type TenantType = import('../enums/identity.js').TenantType
  export type V1Reason = import('../enums/identity.js').StatusReason
}
