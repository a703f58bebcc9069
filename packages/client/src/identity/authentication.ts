import { toBytes } from '../codec/convert.js'
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
