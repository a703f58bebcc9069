import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import { guard, isElevated, requireIdentity } from '../../auth/guards.js'
import type { PlatformContext } from '../../context.js'
import { PlatformError } from '../../http/platform-error.js'
import type { SchemaTypes } from '../../http/schema.js'
import { createCheckout } from './checkout.js'
import {
  addToCartSchema,
  createCheckoutSchema,
  emptySchema,
  estimateTotalsSchema,
  removeLineItemsSchema,
  updateCartSchema,
  updateQuantitySchema,
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
  const body: object = typeof request.body === 'object' && request.body !== null ? request.body : {}
  const custom =
    'customLineItems' in body &&
    (!Array.isArray(body.customLineItems) || body.customLineItems.length > 0)
  const field = custom ? 'Custom line items' : 'merchantDiscounts' in body && 'Merchant discounts'
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
export function cartRoutes(scope: FastifyInstance, ctx: PlatformContext): void {
  const app = scope.withTypeProvider<SchemaTypes>()
  const onRequest = guard.identity
  const preValidation = merchantFields

  app.get(CART, { onRequest }, async (request) => ({
    cart: await getCurrentCart(ctx, requireIdentity(request)),
  }))

  app.patch(
    CART,
    { onRequest, preValidation, schema: { body: updateCartSchema } },
    async (request) => ({ cart: await updateCurrentCart(ctx, shopperOf(request), request.body) }),
  )

  app.delete(CART, { onRequest }, async (request) => {
    await deleteCurrentCart(ctx, requireIdentity(request))
    return {}
  })

  app.post(
    `${CART}/add-to-cart`,
    { onRequest, preValidation, schema: { body: addToCartSchema } },
    async (request) => ({ cart: await addToCart(ctx, shopperOf(request), request.body) }),
  )
  app.post(
    `${CART}/remove-line-items`,
    { onRequest, preValidation, schema: { body: removeLineItemsSchema } },
    async (request) => ({
      cart: await removeLineItems(ctx, requireIdentity(request), request.body),
    }),
  )
  app.post(
    `${CART}/update-line-items-quantity`,
    { onRequest, preValidation, schema: { body: updateQuantitySchema } },
    async (request) => ({
      cart: await updateQuantities(ctx, requireIdentity(request), request.body),
    }),
  )
  app.post(
    `${CART}/remove-coupon`,
    { onRequest, preValidation, schema: { body: emptySchema } },
    async (request) => ({ cart: await removeCoupon(ctx, requireIdentity(request)) }),
  )
  app.post(
    `${CART}/create-checkout`,
    { onRequest, preValidation, schema: { body: createCheckoutSchema } },
    (request) => createCheckout(ctx, requireIdentity(request), request.body),
  )
  app.post(
    `${CART}/estimate-totals`,
    { onRequest, preValidation, schema: { body: estimateTotalsSchema } },
    (request) => estimateTotals(ctx, requireIdentity(request), request.body),
  )
}
