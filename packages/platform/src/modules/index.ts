import { catalogModule } from './catalog/index.js'
import { cartModule } from './cart/index.js'
import { checkoutPageModule } from './checkout-page/index.js'
import { eventsModule } from './events/index.js'
import { hostedPagesModule, sendLoginPage } from './hosted-pages/index.js'
import { identityModule } from './identity/index.js'
import { createMediaModule, type ImageLookup } from './media/index.js'
import type { PlatformModule } from './module.js'
import { createOAuthModule } from './oauth/index.js'
import { ordersModule } from './orders/index.js'
import { recommendationsModule } from './recommendations/index.js'
import { redirectsModule } from './redirects/index.js'

/**
 * Every module the platform serves, in registration order; `images` finds the pictures that
 * `GET /media/{id}.svg` draws (the demo seed's, given by `buildApp`). A new module is added here.
 */
export const platformModules = (images: ImageLookup): readonly PlatformModule[] => [
  createOAuthModule({ loginPage: sendLoginPage }),
  eventsModule,
  createMediaModule(images),
  catalogModule,
  cartModule,
  ordersModule,
  recommendationsModule,
  redirectsModule,
  identityModule,
  hostedPagesModule,
  checkoutPageModule,
]
