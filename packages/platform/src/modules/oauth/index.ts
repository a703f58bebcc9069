import type { PlatformModule } from '../module.js'
import { authorizeRoutes, type LoginPageSender } from './authorize.js'
import { oauthRoutes } from './routes.js'

export {
  openAuthFlow,
  sendAnswer,
  sendCannotContinue,
  signInFlow,
  webMessagePage,
} from './authorize.js'
export type { AuthFlow, AuthorizeAnswer, LoginPageSender } from './authorize.js'
export {
  clearSessionCookie,
  platformSessionMember,
  revokePlatformSessions,
  sessionCookie,
} from './platform-sessions.js'

/** What {@link createOAuthModule} takes. */
export interface OAuthModuleOptions {
  /** Sends the hosted login page where `GET /_vitrine/authorize` leads a shopper to sign in. */
  loginPage: LoginPageSender
}

/**
 * OAuth: `POST /oauth2/token` (anonymous, refresh, external login and authorization code grants),
 * `POST /oauth2/token-info` (who an access token stands for), the hosted authorization endpoint `GET /_vitrine/authorize` of `auth` redirect sessions, the
 * authorization codes it issues and the token endpoint redeems, and the platform session (the
 * cookie of a hosted sign-in that lets a later `prompt=none` sign in silently).
 */
export function createOAuthModule(options: OAuthModuleOptions): PlatformModule {
  return {
    name: 'oauth',
    routes(app, ctx) {
      oauthRoutes(app, ctx)
      authorizeRoutes(app, ctx, options.loginPage)
    },
  }
}
