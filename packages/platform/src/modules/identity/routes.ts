import type { FastifyInstance } from 'fastify'
import type { PlatformContext } from '../../context.js'
import { adminRoutes } from './admin-routes.js'
import { authenticationRoutes } from './authentication-routes.js'
import type { CaptchaVerifier } from './captcha.js'
import { devRoutes } from './dev-routes.js'
import { recoveryRoutes } from './recovery-routes.js'
import { verificationRoutes } from './verification-routes.js'

/**
 * Every identity route, with the given captcha verifier. The dev mailbox and captcha tokens
 * exist in development mode only.
 */
export function identityRoutes(captcha: CaptchaVerifier) {
  return (app: FastifyInstance, platform: PlatformContext): void => {
    const ctx = { ...platform, captcha }
    authenticationRoutes(app, ctx)
    recoveryRoutes(app, ctx)
    verificationRoutes(app, ctx)
    adminRoutes(app, ctx)
    if (platform.config.mode === 'development') devRoutes(app, ctx)
  }
}
