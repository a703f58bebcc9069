/** The prefix of the catalog's (non-domain) event types. */
export const CATALOG_EVENT_PREFIX = 'com.wix.ecommerce.catalog.api.v1.'

/**
 * Every event type the platform emits (wire-contract §6.1, wire-orders-members §3), by its SDK
 * handler's name.
 */
export const EVENT_TYPES = {
  cartCreated: 'wix.ecom.v1.cart_created',
  cartUpdated: 'wix.ecom.v1.cart_updated',
  cartDeleted: 'wix.ecom.v1.cart_deleted',
  orderCreated: 'wix.ecom.v1.order_created',
  orderApproved: 'wix.ecom.v1.order_approved',
  orderCanceled: 'wix.ecom.v1.order_canceled',
  memberUpdated: 'wix.members.v1.member_updated',
  orderFulfilled: 'wix.ecom.v1.order_fulfilled',
  fulfillmentsUpdated: 'wix.ecom.v1.fulfillments_updated',
  productCreated: `${CATALOG_EVENT_PREFIX}ProductCreated`,
  productChanged: `${CATALOG_EVENT_PREFIX}ProductChanged`,
  productDeleted: `${CATALOG_EVENT_PREFIX}ProductDeleted`,
  collectionCreated: `${CATALOG_EVENT_PREFIX}CollectionCreated`,
  collectionChanged: `${CATALOG_EVENT_PREFIX}CollectionChanged`,
  collectionDeleted: `${CATALOG_EVENT_PREFIX}CollectionDeleted`,
  variantsChanged: `${CATALOG_EVENT_PREFIX}VariantsChanged`,
} as const

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES]

/** {@link EVENT_TYPES} as a list: what a webhook may subscribe to. */
export const EVENT_TYPE_LIST: readonly EventType[] = Object.values(EVENT_TYPES)
