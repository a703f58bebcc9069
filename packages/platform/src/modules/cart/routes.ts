import type { FastifyInstance } from 'fastify'
import { guard, requireElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
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
  updateQuantities,
} from './service.js'
import { updateCurrentCart } from './update.js'

const CART = '/ecom/v1/carts/current'

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
    handler: (body: B, owner: ReturnType<typeof requireIdentity>) => Promise<unknown>,
  ) =>
    app.post<{ Body: B }>(CART + path, { onRequest, schema: { body: schema } }, (request) =>
      handler(request.body as B, requireIdentity(request)),
    )

  app.get(CART, { onRequest }, async (request) => ({
    cart: await getCurrentCart(ctx, requireIdentity(request)),
  }))

  app.patch<{ Body: UpdateCartBody }>(
    CART,
    { onRequest, schema: { body: updateCartSchema } },
    async (request) => {
      // Merchant discounts are the merchant's to give: an API key (alone, or with the shopper's
      // token) or a site user or app identity.
      if (request.body.merchantDiscounts) requireElevated(request)
      return { cart: await updateCurrentCart(ctx, requireIdentity(request), request.body) }
    },
  )

  app.delete(CART, { onRequest }, async (request) => {
    await deleteCurrentCart(ctx, requireIdentity(request))
    return {}
  })

  post<AddToCartBody>('/add-to-cart', addToCartSchema, async (body, owner) => ({
    cart: await addToCart(ctx, owner, body),
  }))
  post<RemoveLineItemsBody>('/remove-line-items', removeLineItemsSchema, async (body, owner) => ({
    cart: await removeLineItems(ctx, owner, body),
  }))
  post<UpdateQuantityBody>(
    '/update-line-items-quantity',
    updateQuantitySchema,
    async (body, owner) => ({ cart: await updateQuantities(ctx, owner, body) }),
  )
  post('/remove-coupon', emptySchema, async (_body, owner) => ({
    cart: await removeCoupon(ctx, owner),
  }))
  post<CreateCheckoutBody>('/create-checkout', createCheckoutSchema, (body, owner) =>
    createCheckout(ctx, owner, body),
  )
  post<EstimateTotalsBody>('/estimate-totals', estimateTotalsSchema, (body, owner) =>
    estimateTotals(ctx, owner, body),
  )
}
