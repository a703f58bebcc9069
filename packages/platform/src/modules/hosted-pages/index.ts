import type { PlatformModule } from '../module.js'
import { hostedPagesRoutes } from './routes.js'

/**
 * The platform's hosted pages: the login page's forms (sign in, register with the mailed code,
 * forgot password) behind `/_vitrine/authorize`, the platform session cookie that lets a later
 * `prompt=none` sign in silently, and the logout page `/_vitrine/logout`.
 */
export const hostedPagesModule: PlatformModule = { name: 'hosted-pages', routes: hostedPagesRoutes }
