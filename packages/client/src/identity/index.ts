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
