import type { PlatformModule } from '../module.js'
import { localCaptchaVerifier, type CaptchaVerifier } from './captcha.js'
import { identityRoutes } from './routes.js'

export { consumeSessionToken, memberMayEnter } from './sessions.js'
export { identityErrors } from './errors.js'
export { newCaptchaChallenge, solveCaptchaChallenge } from './captcha.js'
export type { CaptchaToken, CaptchaVerifier } from './captcha.js'

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
 * (`/_api/iam/…`), the owner's settings and member admin (`/_vitrine/…`), and in development
 * mode the dev mailbox and captcha tokens.
 */
export function createIdentityModule(options: IdentityModuleOptions = {}): PlatformModule {
  return { name: 'identity', routes: identityRoutes(options.captcha ?? localCaptchaVerifier) }
}

/** The identity module with the platform's defaults. */
export const identityModule: PlatformModule = createIdentityModule()
