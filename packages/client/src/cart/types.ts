/**
 * Types of the current-cart calls (ecom cart v1), complete against the official module's public
 * typings, with the wire's names (`id`, an address's `addressLine`, `geocode`). Dates are `Date`s,
 * images `wix:image://` references, a line's `url` a string. An enumerated field is a `string`: the
 * wire may send a value the enumeration (SPEC §3) lacks, such as `UNRECOGNISED`. Unlisted fields
 * pass through.
 */

/** The street of an address. */
export interface StreetAddress {
  name?: string
  number?: string
  apt?: string
}

/** A postal address, with the wire's field names. */
export interface Address {
  country?: string
  subdivision?: string
  city?: string
  postalCode?: string
  addressLine?: string
  addressLine2?: string
  formattedAddress?: string
  streetAddress?: StreetAddress
  geocode?: { latitude?: number; longitude?: number }
  /** The country's name (answers only). */
  countryFullname?: string
  /** The subdivision's name (answers only). */
  subdivisionFullname?: string
  [key: string]: unknown
}

/** An address with the contact details of who receives or pays. */
export interface ContactInfo {
  address?: Address
  contactDetails?: {
    firstName?: string
    lastName?: string
    phone?: string
    company?: string
    vatId?: { id?: string; type?: string }
    [key: string]: unknown
  }
}

/** Points at a catalog item: `{catalogItemId, appId, options?}`. */
export interface CatalogReference {
  catalogItemId: string
  appId: string
  options?: Record<string, unknown>
}

/** A text and its translation into the buyer's language. */
export interface TranslatableText {
  original?: string
  translated?: string
}

/** A line of a line item's description: a name with a plain text or a color. */
export interface DescriptionLine {
  name?: TranslatableText
  plainText?: TranslatableText
  colorInfo?: TranslatableText & { code?: string }
}

/** Weight, SKU and whether an item is shipped. */
export interface PhysicalProperties {
  weight?: number
  sku?: string
  shippable?: boolean
}

/** A subscription's billing: every `interval` `frequency`s, for `billingCycles` cycles. */
export interface SubscriptionSettings {
  /** A `SubscriptionFrequency`. */
  frequency?: string
  interval?: number
  autoRenewal?: boolean
  billingCycles?: number
  enableCustomerCancellation?: boolean
  freeTrialPeriod?: { frequency?: string; interval?: number }
  startDate?: Date
}

/** The subscription a line item is bought as. */
export interface SubscriptionOptionInfo {
  subscriptionSettings?: SubscriptionSettings
  title?: TranslatableText
  description?: TranslatableText
}

/** A modifier of a line item (an add-on) and its price. */
export interface ItemModifier {
  id?: string
  quantity?: number
  label?: TranslatableText
  details?: TranslatableText
  price?: Money
}

/** A group of a line item's modifiers. */
export interface ModifierGroup {
  id?: string
  name?: TranslatableText
  modifiers?: ItemModifier[]
}

/** Catalog fields a line item overrides (prices as decimal strings). */
export interface CatalogOverrideFields {
  productName?: TranslatableText
  price?: string
  fullPrice?: string
  descriptionLines?: DescriptionLine[]
  physicalProperties?: PhysicalProperties
  /** A `wix:image://` reference or a plain URL. */
  image?: string
  paymentOption?: { value?: string }
  depositAmount?: string
  savePaymentMethod?: boolean
  inventoryAppId?: string
}

/** A policy the buyer agrees to for an item. */
export interface ItemPolicy {
  title?: string
  content?: string
}

/** Fields that a cart's line item and a custom line item share. */
export interface LineItemFields {
  id?: string
  descriptionLines?: DescriptionLine[]
  /** The item's page, e.g. `https://shop.example/product-page/shoe` (the wire's `url.url`). */
  url?: string
  physicalProperties?: PhysicalProperties
  /** `preset`: an `ItemType`. */
  itemType?: { preset?: string; custom?: string }
  subscriptionOptionInfo?: SubscriptionOptionInfo
  /** A `PaymentOptionType`. */
  paymentOption?: string
  serviceProperties?: { scheduledDate?: Date; endDate?: Date; numberOfParticipants?: number }
  rootCatalogItemId?: string
  priceDescription?: TranslatableText
  deliveryProfileId?: string
  taxGroupId?: string
  consentRequiredPaymentPolicy?: string
  priceUndetermined?: boolean
  fixedQuantity?: boolean
  savePaymentMethod?: boolean
  taxableAddress?: { addressType?: string }
  policies?: ItemPolicy[]
  membersOnly?: boolean
}

/** A cart line item. `image` is a `wix:image://` reference or a plain URL. */
export interface LineItem extends LineItemFields {
  quantity?: number
  catalogReference?: CatalogReference
  productName?: TranslatableText
  price?: Money
  fullPrice?: Money
  priceBeforeDiscounts?: Money
  lineItemPrice?: Money
  image?: string
  /** `status`: an `ItemAvailabilityStatus`. */
  availability?: { status?: string; quantityAvailable?: number }
  depositAmount?: Money
  selectedMembership?: { id?: string; appId?: string }
  customLineItem?: boolean
  catalogOverrideFields?: CatalogOverrideFields
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> }
  modifierGroups?: ModifierGroup[]
  modifiersTotalPrice?: Money
  [key: string]: unknown
}

/** A custom line item, priced by the caller (prices as decimal strings). */
export interface CustomLineItem extends LineItemFields {
  quantity: number
  price: string
  productName: { original: string; translated?: string }
  fullPrice?: string
  depositAmount?: string
  /** A `wix:image://` reference or a plain URL. */
  media?: string
  quantityAvailable?: number
  catalogReference?: CatalogReference
  modifierGroups?: (Omit<ModifierGroup, 'modifiers'> & {
    modifiers?: (Omit<ItemModifier, 'price'> & { price?: string })[]
  })[]
  [key: string]: unknown
}

/** An amount of money as the wire carries it. */
export interface Money {
  amount?: string
  convertedAmount?: string
  formattedAmount?: string
  formattedConvertedAmount?: string
}

/** A discount of the cart: a coupon or the merchant's. */
export interface CartDiscount {
  coupon?: { id?: string; code?: string }
  merchantDiscount?: { amount?: Money }
}

/** The visitor's or member's current cart. */
export interface Cart {
  id?: string
  lineItems: LineItem[]
  buyerNote?: string
  buyerInfo?: {
    visitorId?: string
    memberId?: string
    userId?: string
    contactId?: string
    email?: string
  }
  currency?: string
  conversionCurrency?: string
  buyerLanguage?: string
  siteLanguage?: string
  taxIncludedInPrices?: boolean
  /** A `WeightUnit`. */
  weightUnit?: string
  checkoutId?: string
  appliedDiscounts?: CartDiscount[]
  subtotal?: Money
  contactInfo?: ContactInfo
  overrideCheckoutUrl?: string
  purchaseFlowId?: string
  selectedShippingOption?: SelectedShippingOption
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> }
  businessLocationId?: string
  paymentCurrency?: string
  revision?: string
  createdDate?: Date
  updatedDate?: Date
  [key: string]: unknown
}

/** `{cart}`: what most cart calls answer. */
export interface CartResponse {
  cart: Cart
}

/** A shipping option to select: `{code, carrierId?}`. */
export interface SelectedShippingOption {
  code: string
  carrierId?: string
}

/** Body of `createCheckoutFromCurrentCart`. */
export interface CreateCheckoutOptions {
  /** A `ChannelType`, e.g. `ChannelType.WEB`. */
  channelType?: string
  shippingAddress?: Address
  billingAddress?: Address
  selectedShippingOption?: SelectedShippingOption
  email?: string
}

/** Memberships chosen to pay for line items. */
export interface SelectedMemberships {
  memberships?: { id: string; appId: string; lineItemIds?: string[] }[]
}

/** Body of `estimateCurrentCartTotals`. */
export interface EstimateTotalsOptions {
  selectedShippingOption?: SelectedShippingOption
  shippingAddress?: Address
  billingAddress?: Address
  selectedMemberships?: SelectedMemberships
  calculateTax?: boolean
  calculateShipping?: boolean
  calculateAdditionalFees?: boolean
}

/** How a shipping option is delivered or picked up. */
export interface DeliveryLogistics {
  deliveryTime?: string
  instructions?: string
  deliveryTimeSlot?: { from?: Date; to?: Date }
  pickupDetails?: { address?: Address; businessLocation?: boolean; pickupMethod?: string }
}

/** Which carrier and region deliver which line items. */
export interface DeliveryAllocation {
  deliveryCarrier?: { appId?: string; code?: string }
  deliveryRegion?: { id?: string; name?: string }
  applicableLineItems?: { lineItemIds?: string[] }
}

/** Tax of an item, a shipping option or a fee. */
export interface ItemTaxDetails {
  taxableAmount?: Money
  taxRate?: string
  totalTax?: Money
  rateBreakdown?: { name?: string; rate?: string; tax?: Money }[]
  taxBreakdown?: {
    jurisdiction?: string
    nonTaxableAmount?: Money
    rate?: string
    taxAmount?: Money
    taxableAmount?: Money
    taxType?: string
    taxName?: string
    jurisdictionType?: string
  }[]
}

/** Prices of a shipping option. */
export interface ShippingPrices {
  totalPriceAfterTax?: Money
  totalPriceBeforeTax?: Money
  taxDetails?: ItemTaxDetails
  totalDiscount?: Money
  price?: Money
}

/** A shipping option of a totals estimate. */
export interface ShippingOption {
  code?: string
  title?: string
  logistics?: DeliveryLogistics
  cost?: {
    price?: Money
    totalPriceAfterTax?: Money
    otherCharges?: { type?: string; price?: Money; details?: string }[]
  }
  deliveryAllocations?: DeliveryAllocation[]
  partial?: boolean
  [key: string]: unknown
}

/** The shipping option a totals estimate selected. */
export interface SelectedCarrierServiceOption {
  code?: string
  title?: string
  logistics?: DeliveryLogistics
  cost?: ShippingPrices
  requestedShippingOption?: boolean
  otherCharges?: { type?: string; details?: string; cost?: ShippingPrices }[]
  carrierId?: string
  deliveryAllocations?: DeliveryAllocation[]
  partial?: boolean
  [key: string]: unknown
}

/** Subtotal, shipping, tax, discount, fees and total. */
export interface PriceSummary {
  subtotal?: Money
  shipping?: Money
  tax?: Money
  discount?: Money
  total?: Money
  additionalFees?: Money
  [key: string]: unknown
}

/** An application error inside an answer (a calculation that failed). */
export interface ApplicationErrorDetails {
  code?: string
  description?: string
  data?: Record<string, unknown>
}

/** What went wrong in one part of a calculation. */
export interface CalculationErrorDetails {
  applicationError?: ApplicationErrorDetails
  validationError?: {
    fieldViolations?: {
      field?: string
      description?: string
      violatedRule?: string
      ruleName?: string
      data?: Record<string, unknown>
    }[]
  }
  systemError?: { errorCode?: string }
  tracing?: Record<string, string>
}

/** A membership that can pay for line items. */
export interface Membership {
  id?: string
  appId?: string
  name?: TranslatableText
  lineItemIds?: string[]
  credits?: { total?: number; remaining?: number }
  expirationDate?: Date
  additionalData?: Record<string, unknown>
  [key: string]: unknown
}

/** What `estimateCurrentCartTotals` answers. */
export interface EstimateTotalsResponse {
  cart: Cart
  calculatedLineItems?: {
    lineItemId?: string
    pricesBreakdown?: {
      totalPriceAfterTax?: Money
      totalPriceBeforeTax?: Money
      taxDetails?: ItemTaxDetails
      totalDiscount?: Money
      price?: Money
      priceBeforeDiscounts?: Money
      lineItemPrice?: Money
      fullPrice?: Money
      modifiers?: Money
      depositAmount?: Money
    }
    paymentOption?: string
    taxableAddress?: { addressType?: string }
  }[]
  priceSummary?: PriceSummary
  giftCard?: {
    id?: string
    obfuscatedCode?: string
    amount?: Money
    appId?: string
    externalId?: string
    requestedAmount?: Money
  }
  taxSummary?: {
    taxableAmount?: Money
    totalTax?: Money
    calculationDetails?: {
      manualRateReason?: string
      autoTaxFallbackDetails?: {
        fallbackReason?: string
        error?: ApplicationErrorDetails
      }
      rateType?: string
    }
    [key: string]: unknown
  }
  shippingInfo?: {
    region?: { id?: string; name?: string }
    selectedCarrierServiceOption?: SelectedCarrierServiceOption
    carrierServiceOptions?: { carrierId?: string; shippingOptions?: ShippingOption[] }[]
  }
  appliedDiscounts?: {
    discountType?: string
    coupon?: { id?: string; code?: string; amount?: Money; name?: string }
    merchantDiscount?: { amount?: Money; percentage?: number }
    discountRule?: { id?: string; name?: TranslatableText; amount?: Money }
    lineItemIds?: string[]
    [key: string]: unknown
  }[]
  calculationErrors?: {
    generalShippingCalculationError?: CalculationErrorDetails
    carrierErrors?: { errors?: { carrierId?: string; error?: CalculationErrorDetails }[] }
    selectedShippingOptionError?: CalculationErrorDetails
    taxCalculationError?: CalculationErrorDetails
    couponCalculationError?: CalculationErrorDetails
    giftCardCalculationError?: CalculationErrorDetails
    orderValidationErrors?: ApplicationErrorDetails[]
    membershipError?: CalculationErrorDetails
    discountsCalculationError?: CalculationErrorDetails
    [key: string]: unknown
  }
  weightUnit?: string
  currency?: string
  payNow?: PriceSummary
  payLater?: PriceSummary
  membershipOptions?: {
    eligibleMemberships?: Membership[]
    invalidMemberships?: { membership?: Membership; reason?: string }[]
    selectedMemberships?: { id?: string; appId?: string; lineItemIds?: string[] }[]
    [key: string]: unknown
  }
  additionalFees?: {
    code?: string
    name?: string
    price?: Money
    taxDetails?: ItemTaxDetails
    providerAppId?: string
    priceBeforeTax?: Money
    priceAfterTax?: Money
    lineItemIds?: string[]
    source?: string
    translatedName?: string
    taxableAddress?: { addressType?: string }
  }[]
  violations?: {
    severity?: string
    target?: { other?: { name?: string }; lineItem?: { name?: string; id?: string } }
    description?: string
  }[]
  [key: string]: unknown
}

/** Body of `updateCurrentCart`. */
export interface UpdateCurrentCartOptions {
  cartInfo?: Partial<Cart>
  couponCode?: string
  merchantDiscounts?: { amount: string; lineItemIds?: string[] }[]
  lineItems?: LineItem[]
  customLineItems?: CustomLineItem[]
  /** Which `cartInfo` fields to update; sent comma-joined. */
  cartFieldmask?: string[]
}

/** Body of `addToCurrentCart`. */
export interface AddToCartOptions {
  lineItems?: LineItem[]
  customLineItems?: CustomLineItem[]
  businessLocationId?: string
}
