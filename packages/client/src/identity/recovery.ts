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
  sendRecoveryEmail,
  sendActivationEmail,
  recover,
}
