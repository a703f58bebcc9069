import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { findCheckout } from '../cart/index.js'
import { visibleProductHasSlug } from '../catalog/index.js'
import type { RedirectSessionBody } from './schema.js'

/** Where a session leads, before its id is known: a page and its query parameters. */
export interface Target {
  endpoint: string
  /** Whether the page is hosted by the platform (it then reads the session: `?session=<id>`). */
  hosted: boolean
  sessionToken?: string
}

/** The provider's path of a product page on a site. */
export const PRODUCT_PAGE_PATH = '/product-page/'

/**
 * The storefront's origin for a client: the origin of `callbacks.postFlowUrl` when given (the
 * page the shopper comes from), else the client's first allowed origin (in the configured order
 * for the storefront client), else the platform itself.
 */
export function storefrontOrigin(
  ctx: PlatformContext,
  clientId: string,
  origins: ReadonlySet<string>,
  body: RedirectSessionBody,
  base: string,
): string {
  const postFlow = body.callbacks?.postFlowUrl
  if (postFlow) return new URL(postFlow).origin
  const configured =
    clientId === ctx.config.clientId
      ? ctx.config.allowedOrigins.filter((origin) => origins.has(origin))
      : []
  return configured[0] ?? [...origins].sort()[0] ?? base
}

/** `ecomCheckout`: the hosted checkout of a checkout the caller made (else a 404). */
export async function checkoutTarget(
  ctx: PlatformContext,
  callerId: string,
  checkoutId: string,
  base: string,
): Promise<Target> {
  if (!(await findCheckout(ctx.db.kysely, checkoutId, callerId)))
    throw PlatformError.application(
      404,
      'CHECKOUT_NOT_FOUND',
      `No checkout "${checkoutId}" of the caller`,
      { checkoutId },
    )
  return { endpoint: `${base}/_vitrine/checkout/${encodeURIComponent(checkoutId)}`, hosted: true }
}

/** `storesProduct`: the page of a visible product on the storefront (else a 404). */
export async function productTarget(
  ctx: PlatformContext,
  slug: string,
  origin: string,
): Promise<Target> {
  if (!(await visibleProductHasSlug(ctx.db.kysely, slug)))
    throw PlatformError.application(404, 'PRODUCT_NOT_FOUND', `No product with slug "${slug}"`, {
      productSlug: slug,
    })
  return { endpoint: `${origin}${PRODUCT_PAGE_PATH}${encodeURIComponent(slug)}`, hosted: false }
}
