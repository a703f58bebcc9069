import type { PlatformModule } from '../module.js'
import { localCaptchaVerifier, type CaptchaVerifier } from './captcha.js'
import { identityRoutes } from './routes.js'

export {
  localCaptchaVerifier,
  newCaptchaChallenge,
  solveCaptchaChallenge,
  type CaptchaToken,
  type CaptchaVerifier,
} from './captcha.js'
export { IDENTITY_CODES, identityErrors } from './errors.js'
export type { IdentityContext } from './identity-context.js'
export { login, register } from './login.js'
export { sendMail } from './mail.js'
export { isValidEmail, memberMayEnter } from './members.js'
export { requireNewPassword } from './passwords.js'
export {
  PLATFORM_SESSION_TTL_SECONDS,
  platformSessionMember,
  startPlatformSession,
} from './platform-sessions.js'
export { RECOVERY_PAGE_PATH, recover, recoveryTokenKind, sendRecoveryEmail } from './recovery.js'
export { PASSWORD_RULES } from './schema.js'
export { consumeSessionToken, signOutEverywhere, type StateMachineResponse } from './sessions.js'
export type { RecoveryKind } from './tables.js'
export { resendCode, verifyDuringAuthentication } from './verification.js'

/** What {@link createIdentityModule} takes. */
export interface IdentityModuleOptions {
  /**
   * Checks captcha tokens; default: the local verifier of the tokens of the dev route and of the
   * hosted pages' answered questions.
   */
  captcha?: CaptchaVerifier
}

/**
 * Members: registration, login, e-mail verification, recovery, SSO, sign-on and logout
 * (`/_api/iam/…`), the members API (`/members/v1/members/…`), the owner's settings and member
 * admin (`/_vitrine/…`), and in development mode the dev mailbox and captcha tokens. Identity
 * owns every session of a member — session tokens, platform sessions (the hosted sign-in's
 * cookie; oauth reads and writes the cookie), refresh and access tokens — and the one rule of who
 * may sign in (`memberMayEnter`); `signOutEverywhere` ends them all.
 */
export function createIdentityModule(options: IdentityModuleOptions = {}): PlatformModule {
  return { name: 'identity', routes: identityRoutes(options.captcha ?? localCaptchaVerifier) }
}

/** The identity module with the platform's defaults. */
export const identityModule: PlatformModule = createIdentityModule()
