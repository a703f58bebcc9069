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
  start,
  verifyDuringAuthentication,
  resendDuringAuthentication,
}
