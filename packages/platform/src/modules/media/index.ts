import type { PlatformModule } from '../module.js'
import { mediaRoutes } from './routes.js'

/** Media: the demo catalog's pictures, `GET /media/{id}.svg`. */
export const mediaModule: PlatformModule = { name: 'media', routes: mediaRoutes }
