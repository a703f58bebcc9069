import { dates, floats, toMask, toPageUrl, toPageUrlObject } from '../codec/convert.js'
import { imageObjects, imageRefs } from '../codec/media.js'
import { under, type Codec, type Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import * as commerce from '../enums/commerce.js'
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
  // The official module's enumerations (`currentCart.ChannelType.WEB`).
  AppliedDiscountDiscountType: commerce.DiscountType,
  ChannelType: commerce.ChannelType,
  ChargeType: commerce.ChargeType,
  DescriptionLineType: commerce.DescriptionLineType,
  DiscountType: commerce.DiscountType,
  FallbackReason: commerce.FallbackReason,
  FileType: commerce.FileType,
  ItemAvailabilityStatus: commerce.ItemAvailabilityStatus,
  ItemTypePreset: commerce.ItemType,
  JurisdictionType: commerce.JurisdictionType,
  ManualCalculationReason: commerce.ManualCalculationReason,
  PaymentOptionType: commerce.PaymentOptionType,
  PickupMethod: commerce.PickupMethod,
  RateType: commerce.RateType,
  RuleType: commerce.RuleType,
  Severity: commerce.Severity,
  SubscriptionFrequency: commerce.SubscriptionFrequency,
  TaxableAddressType: commerce.TaxableAddressType,
  VatType: commerce.VatType,
  WebhookIdentityType: commerce.IdentityType,
  WeightUnit: commerce.WeightUnit,

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

/**
 * The types of the cart calls under the module's name, by the official module's names
 * (`let cart: currentCart.Cart`), and the value types of its enumerations.
 */
export declare namespace currentCart {
  // `import()` types, which API Extractor reports by the names the package exports them under.
  export type AddToCartResponse = import('./types.js').CartResponse
  export type AddToCurrentCartOptions = import('./types.js').AddToCartOptions
  export type Address = import('./types.js').Address
  export type AddressWithContact = import('./types.js').ContactInfo
  export type CalculatedLineItem = NonNullable<
    import('./types.js').EstimateTotalsResponse['calculatedLineItems']
  >[number]
  export type Cart = import('./types.js').Cart
  export type CartDiscount = import('./types.js').CartDiscount
  export type CatalogOverrideFields = import('./types.js').CatalogOverrideFields
  export type CatalogReference = import('./types.js').CatalogReference
  export type CreateCheckoutFromCurrentCartOptions = import('./types.js').CreateCheckoutOptions
  export type CreateCheckoutResponse = { checkoutId: string }
  export type CustomLineItem = import('./types.js').CustomLineItem
  export type DeliveryAllocation = import('./types.js').DeliveryAllocation
  export type DeliveryLogistics = import('./types.js').DeliveryLogistics
  export type DescriptionLine = import('./types.js').DescriptionLine
  export type EstimateCurrentCartTotalsOptions = import('./types.js').EstimateTotalsOptions
  export type EstimateTotalsResponse = import('./types.js').EstimateTotalsResponse
  export type ItemModifier = import('./types.js').ItemModifier
  export type ItemTaxFullDetails = import('./types.js').ItemTaxDetails
  export type LineItem = import('./types.js').LineItem
  export type Membership = import('./types.js').Membership
  export type ModifierGroup = import('./types.js').ModifierGroup
  export type MultiCurrencyPrice = import('./types.js').Money
  export type PhysicalProperties = import('./types.js').PhysicalProperties
  export type Policy = import('./types.js').ItemPolicy
  export type PriceSummary = import('./types.js').PriceSummary
  export type RemoveCouponResponse = import('./types.js').CartResponse
  export type RemoveLineItemsResponse = import('./types.js').CartResponse
  export type SelectedCarrierServiceOption = import('./types.js').SelectedCarrierServiceOption
  export type SelectedMemberships = import('./types.js').SelectedMemberships
  export type SelectedShippingOption = import('./types.js').SelectedShippingOption
  export type ShippingOption = import('./types.js').ShippingOption
  export type StreetAddress = import('./types.js').StreetAddress
  export type SubscriptionOptionInfo = import('./types.js').SubscriptionOptionInfo
  export type SubscriptionSettings = import('./types.js').SubscriptionSettings
  export type TranslatableString = import('./types.js').TranslatableText
  export type UpdateCurrentCartOptions = import('./types.js').UpdateCurrentCartOptions
  export type UpdateLineItemsQuantityResponse = import('./types.js').CartResponse

  export type AppliedDiscountDiscountType = import('../enums/commerce.js').DiscountType
  export type ChannelType = import('../enums/commerce.js').ChannelType
  export type ChargeType = import('../enums/commerce.js').ChargeType
  export type DescriptionLineType = import('../enums/commerce.js').DescriptionLineType
  export type DiscountType = import('../enums/commerce.js').DiscountType
  export type FallbackReason = import('../enums/commerce.js').FallbackReason
  export type FileType = import('../enums/commerce.js').FileType
  export type ItemAvailabilityStatus = import('../enums/commerce.js').ItemAvailabilityStatus
  export type ItemTypePreset = import('../enums/commerce.js').ItemType
  export type JurisdictionType = import('../enums/commerce.js').JurisdictionType
  export type ManualCalculationReason = import('../enums/commerce.js').ManualCalculationReason
  export type PaymentOptionType = import('../enums/commerce.js').PaymentOptionType
  export type PickupMethod = import('../enums/commerce.js').PickupMethod
  export type RateType = import('../enums/commerce.js').RateType
  export type RuleType = import('../enums/commerce.js').RuleType
  export type Severity = import('../enums/commerce.js').Severity
  export type SubscriptionFrequency = import('../enums/commerce.js').SubscriptionFrequency
  export type TaxableAddressType = import('../enums/commerce.js').TaxableAddressType
  export type VatType = import('../enums/commerce.js').VatType
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
  export type WeightUnit = import('../enums/commerce.js').WeightUnit
}
