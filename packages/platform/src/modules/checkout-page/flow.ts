import { findIdentity } from '../../auth/identities.js'
import type { PlatformContext } from '../../context.js'
import {
  findCheckout,
  type CartOwner,
  type CheckoutSnapshot,
  type StoredCheckout,
} from '../cart/index.js'
import { clientOrigins, loadRedirectSession, originOf, urlViolations } from '../redirects/index.js'
import type { SavedForm } from './form.js'

/** A hosted checkout opened from its redirect session: what the page works on. */
export interface CheckoutFlow {
  /** The `ecomCheckout` redirect session's id (`?session=`): the page's CSRF form id too. */
  sessionId: string
  checkout: StoredCheckout
  snapshot: CheckoutSnapshot
  /** What the buyer entered on the page so far, kept by its last re-pricing post. */
  saved?: SavedForm
  /** The visitor or member whose checkout (and cart) it is: the session's creator. */
  owner: CartOwner
  /**
   * Where the shopper goes once the order is placed: `callbacks.thankYouPageUrl` (`orderId` is
   * added), else `callbacks.postFlowUrl`; none: the platform's own confirmation page.
   */
  done?: { url: string; thankYou: boolean }
  /** `callbacks.cartPageUrl`, when it is on the allow-list. */
  cartPageUrl?: string
}

/**
 * What opening a checkout gives: the flow, nothing (404, with the shop to go back to when one is
 * known), or a return URL off the allow-list.
 */
export type OpenedCheckout =
  | { kind: 'flow'; flow: CheckoutFlow }
  | { kind: 'notFound'; shopUrl?: string }
  | { kind: 'returnNotAllowed' }

const validId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 64

/**
 * The `ecomCheckout` session `sessionId`, live or expired: its request's checkout id, callbacks,
 * caller.
 */
async function loadSession(ctx: PlatformContext, sessionId: string) {
  const session = await loadRedirectSession(ctx.db.kysely, sessionId, 'ecomCheckout')
  if (!session?.clientId || !session.identityId) return undefined
  return {
    checkoutId: session.request.ecomCheckout?.checkoutId,
    callbacks: session.request.callbacks ?? {},
    clientId: session.clientId,
    callerId: session.identityId,
    live: session.live,
  }
}

/** A checkout's redirect session, as {@link loadSession} reads it. */
type Session = NonNullable<Awaited<ReturnType<typeof loadSession>>>

/**
 * The callbacks of `session` its client's allow-list refuses now (it may have changed since the
 * session was made), by field name (`callbacks.cartPageUrl`, …).
 */
async function refusedCallbacks(ctx: PlatformContext, session: Session): Promise<Set<string>> {
  const client = {
    id: session.clientId,
    field: null,
    origins: await clientOrigins(ctx.db.kysely, session.clientId),
  }
  const violations = urlViolations(client, { callbacks: session.callbacks })
  return new Set(violations.map((violation) => violation.field))
}

/**
 * Where a checkout that cannot be opened leads back to, from configuration only (never a
 * request's headers): the session's cart page, else the shop of its other return URLs, when its
 * client's allow-list has them now; without one, the first allowed origin of the platform's
 * configuration (`VITRINE_ALLOWED_ORIGINS`: the shop's own address first).
 */
async function shopUrlOf(
  ctx: PlatformContext,
  session: Session | undefined,
): Promise<string | undefined> {
  if (session) {
    const refused = await refusedCallbacks(ctx, session)
    const { cartPageUrl, postFlowUrl, thankYouPageUrl } = session.callbacks
    if (cartPageUrl && !refused.has('callbacks.cartPageUrl')) return new URL(cartPageUrl).href
    if (postFlowUrl && !refused.has('callbacks.postFlowUrl')) return `${originOf(postFlowUrl)}/`
    if (thankYouPageUrl && !refused.has('callbacks.thankYouPageUrl'))
      return `${originOf(thankYouPageUrl)}/`
  }
  const configured = ctx.config.allowedOrigins[0]
  return configured && `${configured}/`
}

/**
 * Opens checkout `checkoutId` with redirect session `sessionId`: the session must be a live
 * `ecomCheckout` session for exactly this checkout, created by the checkout's owner (so a session
 * never opens another shopper's checkout: `notFound`). The callbacks are checked against the
 * client's allow-list again (it may have changed since): a thank-you or post-flow URL off it is
 * `returnNotAllowed`; a cart page URL off it is left out.
 */
export async function openCheckout(
  ctx: PlatformContext,
  checkoutId: unknown,
  sessionId: unknown,
): Promise<OpenedCheckout> {
  const notFound = async (session?: Session): Promise<OpenedCheckout> => {
    const shopUrl = await shopUrlOf(ctx, session)
    return { kind: 'notFound', ...(shopUrl && { shopUrl }) }
  }
  if (!validId(checkoutId) || !validId(sessionId)) return notFound()
  const session = await loadSession(ctx, sessionId)
  if (!session || !session.live || session.checkoutId !== checkoutId) return notFound(session)
  const checkout = await findCheckout(ctx.db.kysely, checkoutId, session.callerId)
  const owner = checkout && (await findIdentity(ctx.db.kysely, checkout.ownerId))
  if (!checkout || !owner) return notFound(session)

  const refused = await refusedCallbacks(ctx, session)
  const { thankYouPageUrl, postFlowUrl, cartPageUrl } = session.callbacks
  const done = thankYouPageUrl
    ? { url: thankYouPageUrl, thankYou: true, field: 'callbacks.thankYouPageUrl' }
    : postFlowUrl
      ? { url: postFlowUrl, thankYou: false, field: 'callbacks.postFlowUrl' }
      : undefined
  if (done && refused.has(done.field)) return { kind: 'returnNotAllowed' }
  return {
    kind: 'flow',
    flow: {
      sessionId,
      checkout,
      snapshot: checkout.snapshot,
      ...(checkout.pageForm !== undefined && { saved: checkout.pageForm as SavedForm }),
      owner,
      // In its normal form (as sessions store it now), so it always fits a `Location` header.
      ...(done && { done: { url: new URL(done.url).href, thankYou: done.thankYou } }),
      ...(cartPageUrl && !refused.has('callbacks.cartPageUrl') && { cartPageUrl }),
    },
  }
}

/** Where to send the shopper after order `orderId` was placed (`orderId` on a thank-you URL). */
export function doneUrl(flow: CheckoutFlow, orderId: string): string | undefined {
  if (!flow.done) return undefined
  if (!flow.done.thankYou) return flow.done.url
  const url = new URL(flow.done.url)
  url.searchParams.set('orderId', orderId)
  return url.href
}
