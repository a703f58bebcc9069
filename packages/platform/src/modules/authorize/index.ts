import type { PlatformModule } from '../module.js'
import { authorizeRoutes } from './routes.js'

/** The hosted authorization endpoint (`/_vitrine/authorize`) and its authorization codes. */
export const authorizeModule: PlatformModule = { name: 'authorize', routes: authorizeRoutes }
