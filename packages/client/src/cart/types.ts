/** Wire types of the current-cart calls (ecom cart v1). Fields the spec names are typed; others pass through. */

/** A postal address, with the wire's field names. */
export interface Address {
  country?: string
  subdivision?: string
  city?: string
  postalCode?: string
  addressLine?: string
  addressLine2?: string
  formattedAddress?: string
  streetAddress?: { name?: string; number?: string; apt?: string }
  geocode?: { latitude?: number; longitude?: number }
  [key: string]: unknown
}

/** Points at a catalog item: `{catalogItemId, appId, options?}`. */
export interface CatalogReference {
  catalogItemId: string
  appId: string
  options?: Record<string, unknown>
}

/** A cart line item. `image` is a `wix:image://` reference or a plain URL. */
export interface LineItem {
  id?: string
  quantity?: number
  catalogReference?: CatalogReference
  productName?: { original?: string; translated?: string }
  url?: { relativePath?: string; url?: string }
  price?: Money
  fullPrice?: Money
  image?: string
  availability?: { status?: string; quantityAvailable?: number }
  physicalProperties?: { weight?: number; sku?: string; shippable?: boolean }
  catalogOverrideFields?: { image?: string; physicalProperties?: { weight?: number } }
  serviceProperties?: { scheduledDate?: Date; endDate?: Date; numberOfParticipants?: number }
  itemType?: { preset?: string; custom?: string }
  [key: string]: unknown
}

/** A custom line item, priced by the caller. */
export interface CustomLineItem {
  quantity: number
  price: string
  productName: { original: string }
  itemType?: { preset?: string; custom?: string }
  media?: string
  url?: { relativePath?: string; url?: string }
  physicalProperties?: { weight?: number; sku?: string; shippable?: boolean }
  serviceProperties?: { scheduledDate?: Date; endDate?: Date }
  [key: string]: unknown
}

/** An amount of money as the wire carries it. */
export interface Money {
  amount?: string
  convertedAmount?: string
  formattedAmount?: string
  formattedConvertedAmount?: string
}

/** The visitor's or member's current cart. */
export interface Cart {
  id?: string
  lineItems: LineItem[]
  buyerInfo?: { visitorId?: string; memberId?: string; contactId?: string; email?: string }
  currency?: string
  conversionCurrency?: string
  appliedDiscounts?: unknown[]
  subtotal?: Money
  contactInfo?: { address?: Address; contactDetails?: Record<string, unknown> }
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
  channelType?: string
  shippingAddress?: Address
  billingAddress?: Address
  selectedShippingOption?: SelectedShippingOption
  email?: string
}

/** Body of `estimateCurrentCartTotals`. */
export interface EstimateTotalsOptions {
  selectedShippingOption?: SelectedShippingOption
  shippingAddress?: Address
  billingAddress?: Address
  selectedMemberships?: { memberships?: { id: string; appId: string; lineItemIds?: string[] }[] }
  calculateTax?: boolean
  calculateShipping?: boolean
  calculateAdditionalFees?: boolean
}

/** A shipping option of a totals estimate. */
export interface ShippingOption {
  code?: string
  title?: string
  logistics?: {
    deliveryTime?: string
    deliveryTimeSlot?: { from?: Date; to?: Date }
    pickupDetails?: { address?: Address; pickupMethod?: string }
  }
  cost?: { price?: Money; totalPriceAfterTax?: Money }
  [key: string]: unknown
}

/** What `estimateCurrentCartTotals` answers. */
export interface EstimateTotalsResponse {
  cart: Cart
  calculatedLineItems?: unknown[]
  priceSummary?: {
    subtotal?: Money
    shipping?: Money
    tax?: Money
    discount?: Money
    total?: Money
    [key: string]: unknown
  }
  taxSummary?: Record<string, unknown>
  shippingInfo?: {
    region?: Record<string, unknown>
    selectedCarrierServiceOption?: ShippingOption
    carrierServiceOptions?: { carrierId?: string; shippingOptions?: ShippingOption[] }[]
  }
  appliedDiscounts?: {
    discountType?: string
    coupon?: { id?: string; code?: string; amount?: Money; name?: string }
    merchantDiscount?: { amount?: Money; percentage?: number }
    [key: string]: unknown
  }[]
  calculationErrors?: Record<string, unknown>
  membershipOptions?: {
    eligibleMemberships?: { id?: string; expirationDate?: Date; [key: string]: unknown }[]
    invalidMemberships?: { membership?: { expirationDate?: Date }; reason?: string }[]
    [key: string]: unknown
  }
  currency?: string
  weightUnit?: string
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
