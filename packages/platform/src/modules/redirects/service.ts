import { randomUUID } from 'node:crypto'
import type { CallerIdentity } from '../../auth/caller.js'
import { secretHash, type SecretKey } from '../../auth/secrets.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { loadClient, sessionClientId, urlViolations } from './allow-list.js'
import {
  INTENTS,
  type AuthRequest,
  type Callbacks,
  type Intent,
  type RedirectSessionBody,
  type StoredRedirectSession,
} from './schema.js'
import { checkoutTarget, productTarget, storefrontOrigin, type Target } from './targets.js'
import { wireRedirectSession, type WireRedirectSession } from './wire.js'

/** How long a session may be used. */
export const SESSION_TTL_MS = 30 * 60 * 1000

/** Intents of apps this site does not have, with the app each needs. */
export const MISSING_APPS: Partial<Record<Intent, string>> = {
  bookingsCheckout: 'Wix Bookings',
  bookingsBook: 'Wix Bookings',
  eventsCheckout: 'Wix Events',
  paidPlansCheckout: 'Wix Pricing Plans',
  ecomOrderPaymentRequest: 'Wix Payment Requests',
}

function theIntent(body: RedirectSessionBody): Intent {
  const given = INTENTS.filter((intent) => body[intent] !== undefined)
  if (given.length === 1) return given[0]!
  throw PlatformError.invalid(
    'intent',
    given.length === 0
      ? `exactly one intent is required: one of ${INTENTS.join(', ')}`
      : `only one intent may be given, got ${given.join(', ')}`,
    'ONE_OF_ALIGNMENT',
  )
}

async function target(
  ctx: PlatformContext,
  caller: CallerIdentity,
  intent: Intent,
  body: RedirectSessionBody,
  base: string,
  storefront: () => string,
): Promise<Target> {
  switch (intent) {
    case 'ecomCheckout':
      return checkoutTarget(ctx, caller.id, body.ecomCheckout!.checkoutId, base)
    case 'storesProduct':
      return productTarget(ctx, body.storesProduct!.productSlug, storefront())
    case 'login':
    case 'logout':
      return { endpoint: `${base}/_vitrine/${intent}`, hosted: true }
    case 'auth': {
      const sessionToken = body.auth!.authRequest.sessionToken
      return {
        endpoint: `${base}/_vitrine/authorize`,
        hosted: true,
        ...(sessionToken && { sessionToken }),
      }
    }
    default:
      throw new Error(`No target for intent ${intent}`)
  }
}

/** `callbacks` as URLs (checked by `urlViolations`) in their normal form: non-ASCII percent-encoded. */
const normalised = (callbacks: Callbacks): Callbacks =>
  Object.fromEntries(Object.entries(callbacks).map(([key, url]) => [key, new URL(url!).href]))

/**
 * `body` as the session keeps it: callback URLs in their normal form, so a page can always put
 * them in a `Location` header; an `auth` request's session token replaced by its lookup key for
 * the request's client, so the database never holds a token that could be spent, and only that
 * client's flow can spend it. A `sessionTokenKey` the caller sent is dropped.
 */
export function storedBody(given: RedirectSessionBody): StoredRedirectSession {
  const body = given.callbacks ? { ...given, callbacks: normalised(given.callbacks) } : given
  if (!body.auth) return body
  const { sessionToken, ...request }: AuthRequest & { sessionTokenKey?: SecretKey } =
    body.auth.authRequest
  delete request.sessionTokenKey
  if (sessionToken) request.sessionTokenKey = secretHash(sessionToken, request.clientId)
  return { ...body, auth: { ...body.auth, authRequest: request } }
}

/**
 * Creates a redirect session for exactly one intent: checks it (an intent of a missing app is a
 * 400 `APP_NOT_INSTALLED`; the client must exist, and every URL the flow may send the shopper to
 * must be on its allow-list, else 400 field violations), stores it in `redirect_sessions` for 30
 * minutes (an `auth` session token only as its key: {@link storedBody}), and answers where to
 * send the shopper. Hosted pages are on the configured public URL (never the request's `Host`)
 * and get `?session=<id>`; `storesProduct` leads to the storefront's product page
 * (`<storefront>/product-page/<slug>`, see {@link storefrontOrigin}).
 */
export async function createRedirectSession(
  ctx: PlatformContext,
  caller: CallerIdentity,
  body: RedirectSessionBody,
): Promise<{ redirectSession: WireRedirectSession }> {
  const base = ctx.config.publicUrl
  const intent = theIntent(body)
  const missingApp = MISSING_APPS[intent]
  if (missingApp)
    throw PlatformError.application(
      400,
      'APP_NOT_INSTALLED',
      `${missingApp} is not installed on this site: "${intent}" sessions are not available`,
      { intent, app: missingApp },
    )
  const client = await loadClient(ctx, caller, sessionClientId(ctx, caller, body))
  if (!('origins' in client)) throw PlatformError.validation([client])
  const violations = urlViolations(client, body)
  if (violations.length) throw PlatformError.validation(violations)

  const place = await target(ctx, caller, intent, body, base, () =>
    storefrontOrigin(ctx, client.id, client.origins, body, base),
  )
  const id = randomUUID()
  const searchParams: Record<string, string> = {
    ...body.preferences?.additionalQueryParameters,
    ...(place.hosted && { session: id }),
  }
  const answer = wireRedirectSession(id, place.endpoint, searchParams, place.sessionToken)
  const now = Date.now()
  await ctx.db.kysely
    .insertInto('redirect_sessions')
    .values({
      id,
      intent,
      request: JSON.stringify(storedBody(body)),
      client_id: client.id,
      identity_id: caller.id,
      full_url: answer.redirectSession.fullUrl,
      created_date: new Date(now).toISOString(),
      expires_at: new Date(now + SESSION_TTL_MS).toISOString(),
    })
    .execute()
  return answer
}
