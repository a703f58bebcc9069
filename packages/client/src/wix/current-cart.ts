import { currentCart as main } from '../cart/current-cart.js'
import * as commerce from '../enums/commerce.js'

/**
 * `currentCart` as the official module has it: the operations of the main entry's `currentCart` and
 * the official module's enumerations (`currentCart.ChannelType.WEB`).
 */
export const currentCart = {
  ...main,
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
}

/**
 * The types of the cart calls under the module's name, by the official module's names
 * (`let cart: currentCart.Cart`), and the value types of its enumerations.
 */
export declare namespace currentCart {
  export type AddToCartResponse = import('../cart/types.js').CartResponse
  export type AddToCurrentCartOptions = import('../cart/types.js').AddToCartOptions
  export type Address = import('../cart/types.js').Address
  export type AddressWithContact = import('../cart/types.js').ContactInfo
  export type CalculatedLineItem = NonNullable<
    import('../cart/types.js').EstimateTotalsResponse['calculatedLineItems']
  >[number]
  export type Cart = import('../cart/types.js').Cart
  export type CartDiscount = import('../cart/types.js').CartDiscount
  export type CatalogOverrideFields = import('../cart/types.js').CatalogOverrideFields
  export type CatalogReference = import('../cart/types.js').CatalogReference
  export type CreateCheckoutFromCurrentCartOptions =
    import('../cart/types.js').CreateCheckoutOptions
  export type CreateCheckoutResponse = { checkoutId: string }
  export type CustomLineItem = import('../cart/types.js').CustomLineItem
  export type DeliveryAllocation = import('../cart/types.js').DeliveryAllocation
  export type DeliveryLogistics = import('../cart/types.js').DeliveryLogistics
  export type DescriptionLine = import('../cart/types.js').DescriptionLine
  export type EstimateCurrentCartTotalsOptions = import('../cart/types.js').EstimateTotalsOptions
  export type EstimateTotalsResponse = import('../cart/types.js').EstimateTotalsResponse
  export type ItemModifier = import('../cart/types.js').ItemModifier
  export type ItemTaxFullDetails = import('../cart/types.js').ItemTaxDetails
  export type LineItem = import('../cart/types.js').LineItem
  export type Membership = import('../cart/types.js').Membership
  export type ModifierGroup = import('../cart/types.js').ModifierGroup
  export type MultiCurrencyPrice = import('../cart/types.js').Money
  export type PhysicalProperties = import('../cart/types.js').PhysicalProperties
  export type Policy = import('../cart/types.js').ItemPolicy
  export type PriceSummary = import('../cart/types.js').PriceSummary
  export type RemoveCouponResponse = import('../cart/types.js').CartResponse
  export type RemoveLineItemsResponse = import('../cart/types.js').CartResponse
  export type SelectedCarrierServiceOption = import('../cart/types.js').SelectedCarrierServiceOption
  export type SelectedMemberships = import('../cart/types.js').SelectedMemberships
  export type SelectedShippingOption = import('../cart/types.js').SelectedShippingOption
  export type ShippingOption = import('../cart/types.js').ShippingOption
  export type StreetAddress = import('../cart/types.js').StreetAddress
  export type SubscriptionOptionInfo = import('../cart/types.js').SubscriptionOptionInfo
  export type SubscriptionSettings = import('../cart/types.js').SubscriptionSettings
  export type TranslatableString = import('../cart/types.js').TranslatableText
  export type UpdateCurrentCartOptions = import('../cart/types.js').UpdateCurrentCartOptions
  export type UpdateLineItemsQuantityResponse = import('../cart/types.js').CartResponse

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
