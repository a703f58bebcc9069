import type { PlatformModule } from '../module.js'
import { oauthRoutes } from './routes.js'

/** OAuth tokens: `POST /oauth2/token`. */
export const oauthModule: PlatformModule = { name: 'oauth', routes: oauthRoutes }
