import type { PlatformModule } from '../module.js'
import { redirectRoutes } from './routes.js'

/**
 * Redirect sessions (wire-contract §2): `POST /_api/redirects-api/v1/redirect-session`, stored in
 * `redirect_sessions` for 30 minutes (the retention sweep deletes them a day after). Hosted flows
 * lead to the platform's own pages on its public URL (`VITRINE_PUBLIC_URL`), with
 * `?session=<id>`: `/_vitrine/login`, `/_vitrine/logout`, `/_vitrine/authorize` (auth) and
 * `/_vitrine/checkout/<checkoutId>` (ecomCheckout). A `storesProduct` session leads to the
 * product page on the storefront, which the platform does not host: `<origin>/product-page/<slug>`,
 * the origin being that of `callbacks.postFlowUrl` when given, else the client's first allowed
 * origin. Intents of apps the site lacks (bookings, events,
 * paid plans, payment requests) are a 400 `APP_NOT_INSTALLED`. `shortUrl` is the full URL. An
 * `auth` request's session token is stored only as its key for the request's client.
 */
export const redirectsModule: PlatformModule = { name: 'redirects', routes: redirectRoutes }

export {
  clientAllowsOrigin,
  clientOrigins,
  originOf,
  requireAllowedRedirect,
  urlViolations,
} from './allow-list.js'
export { sessionIdSchema, type StoredAuthRequest, type StoredRedirectSession } from './schema.js'
export { loadRedirectSession } from './sessions.js'
