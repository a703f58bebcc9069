import type { PlatformModule } from '../module.js'
import { hostedPagesRoutes } from './routes.js'

export { sendLoginPage } from './login-page.js'

/**
 * The platform's hosted pages: the login page's forms (sign in, register with the mailed code,
 * forgot password) behind `/_vitrine/authorize`, the logout page `/_vitrine/logout`, and the page
 * of recovery and activation links mailed without a redirect (`/_vitrine/recovery`). Every sign-in
 * of the login page starts a platform session (identity's; oauth's cookie, `SameSite=None;
 * Secure`, for the storefront's silent frame) that lets a later `prompt=none` sign in silently.
 * The pages run no script and cannot be framed.
 */
export const hostedPagesModule: PlatformModule = { name: 'hosted-pages', routes: hostedPagesRoutes }
