import type { PlatformModule } from '../module.js'
import { hostedPagesRoutes } from './routes.js'

/**
 * The platform's hosted pages: the login page's forms (sign in, register with the mailed code,
 * forgot password) behind `/_vitrine/authorize`, the platform session cookie (set by every sign-in
 * of the authorize page; `SameSite=None; Secure`, for the storefront's silent frame) that lets a
 * later `prompt=none` sign in silently, the logout page `/_vitrine/logout`, and the page of
 * recovery and activation links mailed without a redirect (`/_vitrine/recovery`). The pages run no
 * script and cannot be framed.
 */
export const hostedPagesModule: PlatformModule = { name: 'hosted-pages', routes: hostedPagesRoutes }
