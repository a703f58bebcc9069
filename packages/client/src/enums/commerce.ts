/** Enumerations of the commerce (ecom) API, as the wire spells them (SPEC §3). */

import { enumeration } from './enumeration.js'

/** The provider's app id for Wix Stores: the `appId` of a catalog reference to a store product. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e'

/** Kind of a line item's description line. */
export const DescriptionLineType = /* @__PURE__ */ enumeration('PLAIN_TEXT COLOR')
/** A {@link DescriptionLineType} value. */
export type DescriptionLineType = (typeof DescriptionLineType)[keyof typeof DescriptionLineType]

/** Whether a line item can be bought. */
export const ItemAvailabilityStatus = /* @__PURE__ */ enumeration(
  'AVAILABLE NOT_FOUND NOT_AVAILABLE PARTIALLY_AVAILABLE',
)
/** An {@link ItemAvailabilityStatus} value. */
export type ItemAvailabilityStatus =
  (typeof ItemAvailabilityStatus)[keyof typeof ItemAvailabilityStatus]

/** Preset type of a line item. */
export const ItemType = /* @__PURE__ */ enumeration('PHYSICAL DIGITAL GIFT_CARD SERVICE')
/** An {@link ItemType} value. */
export type ItemType = (typeof ItemType)[keyof typeof ItemType]

/** Billing period of a subscription. */
export const SubscriptionFrequency = /* @__PURE__ */ enumeration('DAY WEEK MONTH YEAR')
/** A {@link SubscriptionFrequency} value. */
export type SubscriptionFrequency =
  (typeof SubscriptionFrequency)[keyof typeof SubscriptionFrequency]

/** Type of a digital item's file. */
export const FileType = /* @__PURE__ */ enumeration(
  'SECURE_PICTURE SECURE_VIDEO SECURE_DOCUMENT SECURE_MUSIC SECURE_ARCHIVE',
)
/** A {@link FileType} value. */
export type FileType = (typeof FileType)[keyof typeof FileType]

/** How a line item is paid for. */
export const PaymentOptionType = /* @__PURE__ */ enumeration(
  'FULL_PAYMENT_ONLINE FULL_PAYMENT_OFFLINE MEMBERSHIP DEPOSIT_ONLINE MEMBERSHIP_OFFLINE',
)
/** A {@link PaymentOptionType} value. */
export type PaymentOptionType = (typeof PaymentOptionType)[keyof typeof PaymentOptionType]

/** Which address tax is calculated for. */
export const TaxableAddressType = /* @__PURE__ */ enumeration('BUSINESS BILLING SHIPPING')
/** A {@link TaxableAddressType} value. */
export type TaxableAddressType = (typeof TaxableAddressType)[keyof typeof TaxableAddressType]

/** Unit of a cart's weights. */
export const WeightUnit = /* @__PURE__ */ enumeration('KG LB')
/** A {@link WeightUnit} value. */
export type WeightUnit = (typeof WeightUnit)[keyof typeof WeightUnit]

/** Kind of a (Brazilian) VAT id. */
export const VatType = /* @__PURE__ */ enumeration('CPF CNPJ')
/** A {@link VatType} value. */
export type VatType = (typeof VatType)[keyof typeof VatType]

/** Level of a tax jurisdiction. */
export const JurisdictionType = /* @__PURE__ */ enumeration('COUNTRY STATE COUNTY CITY SPECIAL')
/** A {@link JurisdictionType} value. */
export type JurisdictionType = (typeof JurisdictionType)[keyof typeof JurisdictionType]

/** How a tax rate was obtained. */
export const RateType = /* @__PURE__ */ enumeration(
  'NO_TAX_COLLECTED MANUAL_RATE AUTO_RATE FALLBACK_RATE',
)
/** A {@link RateType} value. */
export type RateType = (typeof RateType)[keyof typeof RateType]

/** Why tax was calculated manually. */
export const ManualCalculationReason = /* @__PURE__ */ enumeration(
  'GLOBAL_SETTING_TO_MANUAL REGION_SETTING_TO_MANUAL',
)
/** A {@link ManualCalculationReason} value. */
export type ManualCalculationReason =
  (typeof ManualCalculationReason)[keyof typeof ManualCalculationReason]

/** Why a fallback tax rate was used. */
export const FallbackReason = /* @__PURE__ */ enumeration('AUTO_TAX_FAILED AUTO_TAX_DEACTIVATED')
/** A {@link FallbackReason} value. */
export type FallbackReason = (typeof FallbackReason)[keyof typeof FallbackReason]

/** Where a pickup order is collected. */
export const PickupMethod = /* @__PURE__ */ enumeration('STORE_PICKUP PICKUP_POINT')
/** A {@link PickupMethod} value. */
export type PickupMethod = (typeof PickupMethod)[keyof typeof PickupMethod]

/** Kind of an additional shipping charge. */
export const ChargeType = /* @__PURE__ */ enumeration('HANDLING_FEE INSURANCE')
/** A {@link ChargeType} value. */
export type ChargeType = (typeof ChargeType)[keyof typeof ChargeType]

/** What a cart discount applies to. */
export const DiscountType = /* @__PURE__ */ enumeration('GLOBAL SPECIFIC_ITEMS SHIPPING')
/** A {@link DiscountType} value. */
export type DiscountType = (typeof DiscountType)[keyof typeof DiscountType]

/** Rule a field violation broke. */
export const RuleType = /* @__PURE__ */ enumeration(
  'VALIDATION OTHER MAX MIN MAX_LENGTH MIN_LENGTH MAX_SIZE MIN_SIZE FORMAT DECIMAL_LTE DECIMAL_GTE DECIMAL_LT DECIMAL_GT DECIMAL_MAX_SCALE INVALID_ENUM_VALUE REQUIRED_FIELD FIELD_NOT_ALLOWED ONE_OF_ALIGNMENT',
)
/** A {@link RuleType} value. */
export type RuleType = (typeof RuleType)[keyof typeof RuleType]

/** Severity of a violation. */
export const Severity = /* @__PURE__ */ enumeration('WARNING ERROR')
/** A {@link Severity} value. */
export type Severity = (typeof Severity)[keyof typeof Severity]

/** Sales channel of a checkout (`channelType`). */
export const ChannelType = /* @__PURE__ */ enumeration(
  'WEB POS EBAY AMAZON OTHER_PLATFORM WIX_APP_STORE WIX_INVOICES BACKOFFICE_MERCHANT WISH CLASS_PASS GLOBAL_E FACEBOOK ETSY TIKTOK FAIRE_COM',
)
/** A {@link ChannelType} value. */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType]

/** Who caused an event: a visitor, a member, a Wix user or an app. */
export const IdentityType = /* @__PURE__ */ enumeration('ANONYMOUS_VISITOR MEMBER WIX_USER APP')
/** An {@link IdentityType} value. */
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType]
