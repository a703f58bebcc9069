import type { PlatformModule } from './module.js'
import { oauthModule } from './oauth/index.js'

/** Every module the platform serves, in registration order. A new module is added here. */
export const modules: readonly PlatformModule[] = [oauthModule]
