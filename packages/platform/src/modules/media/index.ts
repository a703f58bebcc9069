import type { PlatformModule } from '../module.js'
import { mediaRoutes, type ImageLookup } from './routes.js'

export { IMAGE_SIZE, renderIllustration, type ImageSpec } from './illustration.js'
export type { Motif } from './motifs.js'
export type { ImageLookup } from './routes.js'

/**
 * Media: the pictures `images` describes (the demo catalog's), `GET /media/{id}.svg`, and the
 * media helpers' scaled URLs of them (`/media/{id}.svg/v1/fill/…`, served unscaled).
 */
export const createMediaModule = (images: ImageLookup): PlatformModule => ({
  name: 'media',
  routes: (app) => mediaRoutes(app, images),
})
