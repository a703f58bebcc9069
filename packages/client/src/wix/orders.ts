import { orders as main } from '../orders/orders.js'
import * as catalog from '../enums/catalog.js'
import * as commerce from '../enums/commerce.js'

/**
 * `orders` as the official module has it: the operations of the main entry's `orders` and
 * the official module's enumerations that SPEC §3 has (`orders.ChannelType.WEB`).
 */
export const orders = {
  ...main,
  ChannelType: commerce.ChannelType,
  DescriptionLineType: commerce.DescriptionLineType,
  DiscountType: commerce.DiscountType,
  ItemTypePreset: commerce.ItemType,
  JurisdictionType: commerce.JurisdictionType,
  MeasurementUnit: catalog.MeasurementUnit,
  PaymentOptionType: commerce.PaymentOptionType,
  PickupMethod: commerce.PickupMethod,
  SortOrder: catalog.SortOrder,
  SubscriptionFrequency: commerce.SubscriptionFrequency,
  TaxableAddressType: commerce.TaxableAddressType,
  VatType: commerce.VatType,
  WebhookIdentityType: commerce.IdentityType,
  WeightUnit: commerce.WeightUnit,
}

/**
 * The types of orders under the module's name, by the official module's names
 * (`let order: orders.Order`), and the value types of its enumerations and statuses.
 */
export declare namespace orders {
  export type AddressWithContact = import('../orders/types.js').AddressWithContact
  export type BuyerInfo = import('../orders/types.js').BuyerInfo
  export type CancelOrderOptions = import('../orders/types.js').CancelOrderOptions
  export type DescriptionLine = import('../orders/types.js').OrderDescriptionLine
  export type Order = import('../orders/types.js').Order
  export type OrderLineItem = import('../orders/types.js').OrderLineItem
  export type PriceSummary = import('../orders/types.js').OrderPriceSummary
  export type Price = import('../orders/types.js').Price
  export type SearchOrdersResponse = import('../orders/types.js').SearchOrdersResponse
  export type ShippingInformation = import('../orders/types.js').OrderShippingInfo

  export type FulfillmentStatus = import('../orders/types.js').FulfillmentStatus
  export type OrderStatus = import('../orders/types.js').OrderStatus
  export type PaymentStatusEnumPaymentStatus = import('../orders/types.js').PaymentStatus
  export type ChannelType = import('../enums/commerce.js').ChannelType
  export type DescriptionLineType = import('../enums/commerce.js').DescriptionLineType
  export type DiscountType = import('../enums/commerce.js').DiscountType
  export type ItemTypePreset = import('../enums/commerce.js').ItemType
  export type JurisdictionType = import('../enums/commerce.js').JurisdictionType
  export type MeasurementUnit = import('../enums/catalog.js').MeasurementUnit
  export type PaymentOptionType = import('../enums/commerce.js').PaymentOptionType
  export type PickupMethod = import('../enums/commerce.js').PickupMethod
  export type SortOrder = import('../enums/catalog.js').SortOrder
  export type SubscriptionFrequency = import('../enums/commerce.js').SubscriptionFrequency
  export type TaxableAddressType = import('../enums/commerce.js').TaxableAddressType
  export type VatType = import('../enums/commerce.js').VatType
  export type WebhookIdentityType = import('../enums/commerce.js').IdentityType
  export type WeightUnit = import('../enums/commerce.js').WeightUnit
}
