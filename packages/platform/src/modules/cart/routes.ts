import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import { guard, isElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import { createCheckout } from './checkout.js'
import {
  addToCartSchema,
  createCheckoutSchema,
  emptySchema,
  estimateTotalsSchema,
  removeLineItemsSchema,
  updateCartSchema,
  updateQuantitySchema,
  type AddToCartBody,
  type CreateCheckoutBody,
  type EstimateTotalsBody,
  type RemoveLineItemsBody,
  type UpdateCartBody,
  type UpdateQuantityBody,
} from './schema.js'
import {
  addToCart,
  deleteCurrentCart,
  estimateTotals,
  getCurrentCart,
  removeCoupon,
  removeLineItems,
  updateCurrentCart,
  updateQuantities,
} from './service.js'
import type { Shopper } from './state.js'

const shopperOf = (request: FastifyRequest): Shopper => ({
  owner: requireIdentity(request),
  elevated: isElevated(request),
})

const CART = '/ecom/v1/carts/current'

/**
 * Refuses (403, before the body's schema) what only the merchant may put in a cart: custom line
 * items, which the caller prices, and merchant discounts. Like the provider: a visitor or member
 * adds catalog items, priced by the catalog.
 */
const merchantFields: preValidationHookHandler = (request, _reply, done) => {
  const body = (request.body ?? {}) as { customLineItems?: unknown; merchantDiscounts?: unknown }
  const custom = Array.isArray(body.customLineItems)
    ? body.customLineItems.length > 0
    : body.customLineItems !== undefined
  const field = custom
    ? 'Custom line items'
    : body.merchantDiscounts !== undefined && 'Merchant discounts'
  if (field && !isElevated(request))
    return done(
      PlatformError.forbidden(
        `${field} need an elevated client: an API key, or a site user or app identity`,
      ),
    )
  done()
}

/**
 * The current cart (wire-contract §1): the caller's own cart, whoever calls (visitor, member,
 * site user, app); nobody reaches another identity's cart. Every route checks the caller before
 * the body (401 first), then the body's schema (400 with field violations).
 */
export function cartRoutes(app: FastifyInstance, ctx: PlatformContext): void {
  const onRequest = guard.identity
  const post = <B>(
    path: string,
    schema: object,
    handler: (body: B, shopper: Shopper) => Promise<unknown>,
  ) =>
    app.post<{ Body: B }>(
      CART + path,
      { onRequest, preValidation: merchantFields, schema: { body: schema } },
      (request) => handler(request.body as B, shopperOf(request)),
    )

  app.get(CART, { onRequest }, async (request) => ({
    cart: await getCurrentCart(ctx, requireIdentity(request)),
  }))

  app.patch<{ Body: UpdateCartBody }>(
    CART,
    { onRequest, preValidation: merchantFields, schema: { body: updateCartSchema } },
    async (request) => ({
      cart: await updateCurrentCart(ctx, shopperOf(request), request.body),
    }),
  )

  app.delete(CART, { onRequest }, async (request) => {
    await deleteCurrentCart(ctx, requireIdentity(request))
    return {}
  })

  post<AddToCartBody>('/add-to-cart', addToCartSchema, async (body, shopper) => ({
    cart: await addToCart(ctx, shopper, body),
  }))
  post<RemoveLineItemsBody>(
    '/remove-line-items',
    removeLineItemsSchema,
    async (body, { owner }) => ({
      cart: await removeLineItems(ctx, owner, body),
    }),
  )
  post<UpdateQuantityBody>(
    '/update-line-items-quantity',
    updateQuantitySchema,
    async (body, { owner }) => ({ cart: await updateQuantities(ctx, owner, body) }),
  )
  post('/remove-coupon', emptySchema, async (_body, { owner }) => ({
    cart: await removeCoupon(ctx, owner),
  }))
  post<CreateCheckoutBody>('/create-checkout', createCheckoutSchema, (body, { owner }) =>
    createCheckout(ctx, owner, body),
  )
  post<EstimateTotalsBody>('/estimate-totals', estimateTotalsSchema, (body, { owner }) =>
    estimateTotals(ctx, owner, body),
  )
}
