import { dates, floats, toMask, toPageUrl, toPageUrlObject } from '../codec/convert.js'
import { imageObjects, imageRefs } from '../codec/media.js'
import { under, type Codec, type Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type {
  AddToCartOptions,
  Cart,
  CartResponse,
  CreateCheckoutOptions,
  EstimateTotalsOptions,
  EstimateTotalsResponse,
  UpdateCurrentCartOptions,
} from './types.js'

const CART = '/ecom/v1/carts/current'
const LINE = 'lineItems.image lineItems.catalogOverrideFields.image'
const LINE_DATES =
  'createdDate updatedDate lineItems.image.urlExpirationDate lineItems.subscriptionOptionInfo.subscriptionSettings.startDate lineItems.serviceProperties.scheduledDate lineItems.serviceProperties.endDate'
const LINE_FLOATS =
  'lineItems.image.focalPoint.x lineItems.image.focalPoint.y lineItems.physicalProperties.weight lineItems.catalogOverrideFields.physicalProperties.weight contactInfo.address.geocode.latitude contactInfo.address.geocode.longitude'

// Dates and floats first: the image conversion turns the image objects they sit in into strings.
const cartCodecs: Codec[] = [
  dates(under('cart.', LINE_DATES)),
  floats(under('cart.', LINE_FLOATS)),
  imageRefs(under('cart.', LINE)),
  [toPageUrl, ['cart.lineItems.url']],
]

const SLOT = 'logistics.deliveryTimeSlot.from logistics.deliveryTimeSlot.to'
const PICKUP =
  'logistics.pickupDetails.address.geocode.latitude logistics.pickupDetails.address.geocode.longitude'
const estimateCodecs: Codec[] = [
  ...cartCodecs,
  dates([
    ...under('shippingInfo.selectedCarrierServiceOption.', SLOT),
    ...under('shippingInfo.carrierServiceOptions.shippingOptions.', SLOT),
    ...under(
      'membershipOptions.',
      'eligibleMemberships.expirationDate invalidMemberships.membership.expirationDate validatedExistingMemberships.memberships.membership.expirationDate',
    ),
  ]),
  floats([
    ...under('shippingInfo.selectedCarrierServiceOption.', PICKUP),
    ...under('shippingInfo.carrierServiceOptions.shippingOptions.', PICKUP),
    'appliedDiscounts.merchantDiscount.percentage',
  ]),
]

// What add and update send: images as media objects, page URLs as pageUrlV2. The `cartInfo.`
// paths are update's alone (add has no `cartInfo`).
const requestCodecs: Codec[] = [
  imageObjects([...under('cartInfo.', LINE), ...LINE.split(' '), 'customLineItems.media']),
  [toPageUrlObject, ['cartInfo.lineItems.url', 'lineItems.url', 'customLineItems.url']],
]
const post = (path: string, response: Codec[] = cartCodecs): Endpoint => ({
  method: 'POST',
  path: CART + path,
  response,
})

const endpoints = {
  get: { method: 'GET', path: CART, response: cartCodecs },
  update: {
    method: 'PATCH',
    path: CART,
    request: [...requestCodecs, [toMask, ['cartFieldmask']]],
    response: cartCodecs,
  },
  add: { ...post('/add-to-cart'), request: requestCodecs },
  remove: post('/remove-line-items'),
  quantity: post('/update-line-items-quantity'),
  removeCoupon: post('/remove-coupon'),
  checkout: { method: 'POST', path: CART + '/create-checkout' },
  estimate: post('/estimate-totals', estimateCodecs),
  delete: { method: 'DELETE', path: CART },
} satisfies Record<string, Endpoint>

/**
 * The current visitor's or member's cart (ecom cart v1). Pass it to `createClient`'s `modules`.
 *
 * @example
 * const client = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId }) })
 * await client.currentCart.addToCurrentCart({
 *   lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } }],
 * })
 */
export const currentCart = {
  /** The current cart. Calls `GET /ecom/v1/carts/current`. */
  getCurrentCart:
    (http: Http) =>
    async (options?: CallOptions): Promise<Cart> =>
      (await http.call<CartResponse>(endpoints.get, undefined, options)).cart,

  /** Updates cart info, coupon or items. Calls `PATCH /ecom/v1/carts/current`. */
  updateCurrentCart:
    (http: Http) =>
    async (params: UpdateCurrentCartOptions = {}, options?: CallOptions): Promise<Cart> =>
      (await http.call<CartResponse>(endpoints.update, params, options)).cart,

  /** Adds items; equal items add up. Calls `POST /ecom/v1/carts/current/add-to-cart`. */
  addToCurrentCart:
    (http: Http) =>
    (params: AddToCartOptions, options?: CallOptions): Promise<CartResponse> =>
      http.call(endpoints.add, params, options),

  /** Removes line items by id. Calls `POST /ecom/v1/carts/current/remove-line-items`. */
  removeLineItemsFromCurrentCart:
    (http: Http) =>
    (lineItemIds: string[], options?: CallOptions): Promise<CartResponse> =>
      http.call(endpoints.remove, { lineItemIds }, options),

  /** Sets quantities. Calls `POST /ecom/v1/carts/current/update-line-items-quantity`. */
  updateCurrentCartLineItemQuantity:
    (http: Http) =>
    (lineItems: { id: string; quantity: number }[], options?: CallOptions): Promise<CartResponse> =>
      http.call(endpoints.quantity, { lineItems }, options),

  /** Removes the coupon. Calls `POST /ecom/v1/carts/current/remove-coupon`. */
  removeCouponFromCurrentCart:
    (http: Http) =>
    (options?: CallOptions): Promise<CartResponse> =>
      http.call(endpoints.removeCoupon, {}, options),

  /** Creates a checkout for the hosted checkout. Calls `POST /ecom/v1/carts/current/create-checkout`. */
  createCheckoutFromCurrentCart:
    (http: Http) =>
    (params: CreateCheckoutOptions = {}, options?: CallOptions): Promise<{ checkoutId: string }> =>
      http.call(endpoints.checkout, params, options),

  /** Subtotal, shipping, tax, discounts and total. Calls `POST /ecom/v1/carts/current/estimate-totals`. */
  estimateCurrentCartTotals:
    (http: Http) =>
    (params: EstimateTotalsOptions = {}, options?: CallOptions): Promise<EstimateTotalsResponse> =>
      http.call(endpoints.estimate, params, options),

  /** Deletes the cart. Calls `DELETE /ecom/v1/carts/current`. */
  deleteCurrentCart:
    (http: Http) =>
    async (options?: CallOptions): Promise<void> => {
      await http.call(endpoints.delete, undefined, options)
    },
}
