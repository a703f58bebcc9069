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
export type { AuthFlow, AuthorizeAnswer } from './authorize.js'
export { sessionPage } from './schema.js'
export { clearSessionCookie, sessionCookie } from './session-cookie.js'

/** What {@link createOAuthModule} takes. */
export interface OAuthModuleOptions {
  /** Sends the hosted login page where `GET /_vitrine/authorize` leads a shopper to sign in. */
  loginPage: LoginPageSender
}

/**
 * OAuth: `POST /oauth2/token` (anonymous, refresh, external login and authorization code grants),
 * `POST /oauth2/token-info` (who an access token stands for), the hosted authorization endpoint
 * `GET /_vitrine/authorize` of `auth` redirect sessions, the authorization codes it issues and the
 * token endpoint redeems, and the platform session's cookie (a hosted sign-in's, that lets a later
 * `prompt=none` sign in silently; the session itself is identity's).
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
