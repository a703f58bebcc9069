import type { PlatformModule } from '../module.js'
import { identityRoutes } from './routes.js'

export { newCaptchaChallenge, solveCaptchaChallenge, type CaptchaToken } from './captcha.js'
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

/**
 * Members: registration, login, e-mail verification, recovery, SSO, sign-on and logout
 * (`/_api/iam/…`), the members API (`/members/v1/members/…`), the owner's settings and member
 * admin (`/_vitrine/…`), and in development mode the dev mailbox and captcha tokens. Identity
 * owns every session of a member — session tokens, platform sessions (the hosted sign-in's
 * cookie; oauth reads and writes the cookie), refresh and access tokens — and the one rule of who
 * may sign in (`memberMayEnter`); `signOutEverywhere` ends them all. Captcha tokens are the
 * platform's own: signed, single use (`captcha.ts`).
 */
export const identityModule: PlatformModule = { name: 'identity', routes: identityRoutes }
