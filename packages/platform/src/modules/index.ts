import { authorizeModule } from './authorize/index.js'
import { catalogModule } from './catalog/index.js'
import { cartModule } from './cart/index.js'
import { checkoutPageModule } from './checkout-page/index.js'
import { eventsModule } from './events/index.js'
import { hostedPagesModule } from './hosted-pages/index.js'
import { identityModule } from './identity/index.js'
import type { PlatformModule } from './module.js'
import { mediaModule } from './media/index.js'
import { oauthModule } from './oauth/index.js'
import { redirectsModule } from './redirects/index.js'

/** Every module the platform serves, in registration order. A new module is added here. */
export const modules: readonly PlatformModule[] = [
  oauthModule,
  eventsModule,
  mediaModule,
  catalogModule,
  cartModule,
  redirectsModule,
  identityModule,
  authorizeModule,
  hostedPagesModule,
  checkoutPageModule,
]
