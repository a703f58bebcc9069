/**
 * `@vitrine/client/identity`: the member identity calls of the provider's IAM API, for a sign-in
 * or sign-up form of your own — `authentication` (`registerV2`, `loginV2`, `signOn`, …),
 * `recovery` (`sendRecoveryEmail`, `recover`, …) and `verification` (`verifyDuringAuthentication`,
 * …), as modules for `createClient` and as standalone operations. `OAuthStrategy`'s member methods
 * (`login`, `register`, …) use them and load them only on their first call: they are an entry of
 * their own so that a shop that signs members in through `OAuthStrategy` does not download them up
 * front (a bundler that splits by file puts what the lazily loaded member flows share with an
 * entry's re-exports in a chunk loaded up front). Their types are exported by `@vitrine/client` too.
 *
 * @example
 * import { createClient, OAuthStrategy } from '@vitrine/client'
 * import { authentication } from '@vitrine/client/identity'
 *
 * const client = createClient({ modules: { authentication }, auth: OAuthStrategy({ clientId }) })
 * const state = await client.authentication.loginV2({ email }, { password })
 */
export {
  authentication,
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
} from './authentication.js'
export { recovery, sendRecoveryEmail, sendActivationEmail, recover } from './recovery.js'
export {
  verification,
  start,
  verifyDuringAuthentication,
  resendDuringAuthentication,
} from './verification.js'
export type * from './types.js'
