/** Enumerations of the commerce (ecom) API, as the wire spells them (SPEC §3). */

/** The provider's app id for Wix Stores: the `appId` of a catalog reference to a store product. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e'

/** Kind of a line item's description line. */
export const DescriptionLineType = { PLAIN_TEXT: 'PLAIN_TEXT', COLOR: 'COLOR' } as const
/** A {@link DescriptionLineType} value. */
export type DescriptionLineType = (typeof DescriptionLineType)[keyof typeof DescriptionLineType]

/** Whether a line item can be bought. */
export const ItemAvailabilityStatus = {
  AVAILABLE: 'AVAILABLE',
  NOT_FOUND: 'NOT_FOUND',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  PARTIALLY_AVAILABLE: 'PARTIALLY_AVAILABLE',
} as const
/** An {@link ItemAvailabilityStatus} value. */
export type ItemAvailabilityStatus =
  (typeof ItemAvailabilityStatus)[keyof typeof ItemAvailabilityStatus]

/** Preset type of a line item. */
export const ItemType = {
  PHYSICAL: 'PHYSICAL',
  DIGITAL: 'DIGITAL',
  GIFT_CARD: 'GIFT_CARD',
  SERVICE: 'SERVICE',
} as const
/** An {@link ItemType} value. */
export type ItemType = (typeof ItemType)[keyof typeof ItemType]

/** Billing period of a subscription. */
export const SubscriptionFrequency = {
  DAY: 'DAY',
  WEEK: 'WEEK',
  MONTH: 'MONTH',
  YEAR: 'YEAR',
} as const
/** A {@link SubscriptionFrequency} value. */
export type SubscriptionFrequency =
  (typeof SubscriptionFrequency)[keyof typeof SubscriptionFrequency]

/** Type of a digital item's file. */
export const FileType = {
  SECURE_PICTURE: 'SECURE_PICTURE',
  SECURE_VIDEO: 'SECURE_VIDEO',
  SECURE_DOCUMENT: 'SECURE_DOCUMENT',
  SECURE_MUSIC: 'SECURE_MUSIC',
  SECURE_ARCHIVE: 'SECURE_ARCHIVE',
} as const
/** A {@link FileType} value. */
export type FileType = (typeof FileType)[keyof typeof FileType]

/** How a line item is paid for. */
export const PaymentOptionType = {
  FULL_PAYMENT_ONLINE: 'FULL_PAYMENT_ONLINE',
  FULL_PAYMENT_OFFLINE: 'FULL_PAYMENT_OFFLINE',
  MEMBERSHIP: 'MEMBERSHIP',
  DEPOSIT_ONLINE: 'DEPOSIT_ONLINE',
  MEMBERSHIP_OFFLINE: 'MEMBERSHIP_OFFLINE',
} as const
/** A {@link PaymentOptionType} value. */
export type PaymentOptionType = (typeof PaymentOptionType)[keyof typeof PaymentOptionType]

/** Which address tax is calculated for. */
export const TaxableAddressType = {
  BUSINESS: 'BUSINESS',
  BILLING: 'BILLING',
  SHIPPING: 'SHIPPING',
} as const
/** A {@link TaxableAddressType} value. */
export type TaxableAddressType = (typeof TaxableAddressType)[keyof typeof TaxableAddressType]

/** Unit of a cart's weights. */
export const WeightUnit = { KG: 'KG', LB: 'LB' } as const
/** A {@link WeightUnit} value. */
export type WeightUnit = (typeof WeightUnit)[keyof typeof WeightUnit]

/** Kind of a (Brazilian) VAT id. */
export const VatType = { CPF: 'CPF', CNPJ: 'CNPJ' } as const
/** A {@link VatType} value. */
export type VatType = (typeof VatType)[keyof typeof VatType]

/** Level of a tax jurisdiction. */
export const JurisdictionType = {
  COUNTRY: 'COUNTRY',
  STATE: 'STATE',
  COUNTY: 'COUNTY',
  CITY: 'CITY',
  SPECIAL: 'SPECIAL',
} as const
/** A {@link JurisdictionType} value. */
export type JurisdictionType = (typeof JurisdictionType)[keyof typeof JurisdictionType]

/** How a tax rate was obtained. */
export const RateType = {
  NO_TAX_COLLECTED: 'NO_TAX_COLLECTED',
  MANUAL_RATE: 'MANUAL_RATE',
  AUTO_RATE: 'AUTO_RATE',
  FALLBACK_RATE: 'FALLBACK_RATE',
} as const
/** A {@link RateType} value. */
export type RateType = (typeof RateType)[keyof typeof RateType]

/** Why tax was calculated manually. */
export const ManualCalculationReason = {
  GLOBAL_SETTING_TO_MANUAL: 'GLOBAL_SETTING_TO_MANUAL',
  REGION_SETTING_TO_MANUAL: 'REGION_SETTING_TO_MANUAL',
} as const
/** A {@link ManualCalculationReason} value. */
export type ManualCalculationReason =
  (typeof ManualCalculationReason)[keyof typeof ManualCalculationReason]

/** Why a fallback tax rate was used. */
export const FallbackReason = {
  AUTO_TAX_FAILED: 'AUTO_TAX_FAILED',
  AUTO_TAX_DEACTIVATED: 'AUTO_TAX_DEACTIVATED',
} as const
/** A {@link FallbackReason} value. */
export type FallbackReason = (typeof FallbackReason)[keyof typeof FallbackReason]

/** Where a pickup order is collected. */
export const PickupMethod = { STORE_PICKUP: 'STORE_PICKUP', PICKUP_POINT: 'PICKUP_POINT' } as const
/** A {@link PickupMethod} value. */
export type PickupMethod = (typeof PickupMethod)[keyof typeof PickupMethod]

/** Kind of an additional shipping charge. */
export const ChargeType = { HANDLING_FEE: 'HANDLING_FEE', INSURANCE: 'INSURANCE' } as const
/** A {@link ChargeType} value. */
export type ChargeType = (typeof ChargeType)[keyof typeof ChargeType]

/** What a cart discount applies to. */
export const DiscountType = {
  GLOBAL: 'GLOBAL',
  SPECIFIC_ITEMS: 'SPECIFIC_ITEMS',
  SHIPPING: 'SHIPPING',
} as const
/** A {@link DiscountType} value. */
export type DiscountType = (typeof DiscountType)[keyof typeof DiscountType]

/** Rule a field violation broke. */
export const RuleType = {
  VALIDATION: 'VALIDATION',
  OTHER: 'OTHER',
  MAX: 'MAX',
  MIN: 'MIN',
  MAX_LENGTH: 'MAX_LENGTH',
  MIN_LENGTH: 'MIN_LENGTH',
  MAX_SIZE: 'MAX_SIZE',
  MIN_SIZE: 'MIN_SIZE',
  FORMAT: 'FORMAT',
  DECIMAL_LTE: 'DECIMAL_LTE',
  DECIMAL_GTE: 'DECIMAL_GTE',
  DECIMAL_LT: 'DECIMAL_LT',
  DECIMAL_GT: 'DECIMAL_GT',
  DECIMAL_MAX_SCALE: 'DECIMAL_MAX_SCALE',
  INVALID_ENUM_VALUE: 'INVALID_ENUM_VALUE',
  REQUIRED_FIELD: 'REQUIRED_FIELD',
  FIELD_NOT_ALLOWED: 'FIELD_NOT_ALLOWED',
  ONE_OF_ALIGNMENT: 'ONE_OF_ALIGNMENT',
} as const
/** A {@link RuleType} value. */
export type RuleType = (typeof RuleType)[keyof typeof RuleType]

/** Severity of a violation. */
export const Severity = { WARNING: 'WARNING', ERROR: 'ERROR' } as const
/** A {@link Severity} value. */
export type Severity = (typeof Severity)[keyof typeof Severity]

/** Sales channel of a checkout (`channelType`). */
export const ChannelType = {
  WEB: 'WEB',
  POS: 'POS',
  EBAY: 'EBAY',
  AMAZON: 'AMAZON',
  OTHER_PLATFORM: 'OTHER_PLATFORM',
  WIX_APP_STORE: 'WIX_APP_STORE',
  WIX_INVOICES: 'WIX_INVOICES',
  BACKOFFICE_MERCHANT: 'BACKOFFICE_MERCHANT',
  WISH: 'WISH',
  CLASS_PASS: 'CLASS_PASS',
  GLOBAL_E: 'GLOBAL_E',
  FACEBOOK: 'FACEBOOK',
  ETSY: 'ETSY',
  TIKTOK: 'TIKTOK',
  FAIRE_COM: 'FAIRE_COM',
} as const
/** A {@link ChannelType} value. */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType]

/** Who caused an event: a visitor, a member, a Wix user or an app. */
export const IdentityType = {
  ANONYMOUS_VISITOR: 'ANONYMOUS_VISITOR',
  MEMBER: 'MEMBER',
  WIX_USER: 'WIX_USER',
  APP: 'APP',
} as const
/** An {@link IdentityType} value. */
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType]
