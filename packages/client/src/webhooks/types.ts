/** Types of the webhook events (wire-contract §6): the envelopes handed to the handlers. */
import type { Cart } from '../cart/types.js'
import type { CostAndProfitData, PriceData, ProductMedia } from '../catalog/types.js'
import type { CatalogVersion } from '../enums/catalog.js'
import type { IdentityType } from '../enums/commerce.js'
import type { Member } from '../members/types.js'
import type { Fulfillment, FulfillmentStatus, Order, PaymentStatus } from '../orders/types.js'
import type { EVENTS } from './events.js'

/** Who caused the event. */
export interface WebhookIdentity {
  identityType?: IdentityType | 'UNKNOWN'
  anonymousVisitorId?: string
  memberId?: string
  wixUserId?: string
  appId?: string
}

/** The account and site the event belongs to. */
export interface AccountInfo {
  accountId?: string
  parentAccountId?: string
  siteId?: string
  [key: string]: unknown
}

/** A verified, decoded webhook, before dispatch: what `process` and `parseJWT` return. */
export interface WebhookMessage {
  /** The app instance (site installation) the event is for. */
  instanceId: string
  /** The exact event type, e.g. `wix.ecom.v1.cart_created`. */
  eventType: string
  /** The event as the wire carries it (no envelope, no conversions). */
  payload: unknown
  identity?: WebhookIdentity
  accountInfo?: AccountInfo
}

/** `metadata` of every event. */
export interface EventMetadata {
  instanceId: string
  identity?: WebhookIdentity
  accountInfo?: AccountInfo
}

/** `metadata` of a domain event (cart events): also every top-level field of the domain event. */
export interface DomainEventMetadata extends EventMetadata {
  /** The event's id (the wire's `id`, not renamed). */
  id?: string
  entityId?: string
  entityFqdn?: string
  slug?: string
  eventTime?: Date
  triggeredByAnonymizeRequest?: boolean
  originatedFrom?: string
  entityEventSequence?: string
  [key: string]: unknown
}

/** `wix.ecom.v1.cart_created`: the new cart. */
export interface CartCreatedEvent {
  entity: Cart
  metadata: DomainEventMetadata
}

/** `wix.ecom.v1.cart_updated`: the cart after the change, and the changed fields when sent. */
export interface CartUpdatedEvent {
  entity: Cart
  metadata: DomainEventMetadata
  modifiedFields?: Record<string, unknown>
}

/** `wix.ecom.v1.cart_deleted`: the deleted cart, when the event carries it. */
export interface CartDeletedEvent {
  entity?: Cart
  metadata: DomainEventMetadata
}

/** `wix.ecom.v1.order_created`: the new order. */
export interface OrderEvent {
  entity: Order
  metadata: DomainEventMetadata
}

/** `wix.ecom.v1.order_updated`: the order after the change, and the changed fields when sent. */
export interface OrderUpdatedEvent extends OrderEvent {
  modifiedFields?: Record<string, unknown>
}

/**
 * An order's action event (`order_approved`, `order_imported`, …): the order, and what the
 * action adds (`D`).
 */
export interface OrderActionEvent<D extends object = Record<never, never>> {
  data: { order: Order } & D
  metadata: DomainEventMetadata
}

/** `wix.ecom.v1.order_canceled`: the order, and how its cancelling was asked for. */
export type OrderCanceledEvent = OrderActionEvent<{
  restockAllItems?: boolean
  sendOrderCanceledEmail?: boolean
  customMessage?: string
}>

/** `wix.ecom.v1.order_payment_status_updated`: the order, and its payment status before. */
export type OrderPaymentStatusUpdatedEvent = OrderActionEvent<{
  previousPaymentStatus?: PaymentStatus
}>

/** `wix.ecom.v1.order_fulfilled`: the order, and its fulfillment status before and after. */
export type OrderFulfilledEvent = OrderActionEvent<{
  previousFulfillmentStatus?: FulfillmentStatus
  newFulfillmentStatus?: FulfillmentStatus
  action?: string
}>

/** `wix.ecom.v1.order_committed`: the order after a draft of it was committed. */
export type OrderCommittedEvent = OrderActionEvent<{
  draftOrderId?: string
  changes?: Record<string, unknown>
  commitSettings?: Record<string, unknown>
  commitDate?: Date
}>

/** `wix.ecom.v1.fulfillments_updated`: an order's fulfillments after the change. */
export interface FulfillmentsUpdatedEvent {
  entity: { orderId: string; fulfillments: Fulfillment[] }
  metadata: DomainEventMetadata
  modifiedFields?: Record<string, unknown>
}

/** `wix.members.v1.member_created` / `member_updated`: the member. */
export interface MemberEvent {
  entity: Member
  metadata: DomainEventMetadata
}

/** `wix.members.v1.member_deleted`: the deleted member, when the event carries it. */
export interface MemberDeletedEvent {
  entity?: Member
  metadata: DomainEventMetadata
}

/** A non-domain (catalog) event: its wire payload as `data`. */
export interface CatalogEvent<T> {
  data: T
  metadata: EventMetadata
}

/** Data of `com.wix.ecommerce.catalog.api.v1.ProductCreated`. */
export interface ProductCreated {
  productId: string
  name?: string
  price?: PriceData
  visible?: boolean
  media?: ProductMedia
  sku?: string
  productPageUrl?: { base?: string; path?: string }
  brand?: string
  costAndProfitData?: CostAndProfitData
  originatedFromVersion?: CatalogVersion
  slug?: string
}

/** Data of `com.wix.ecommerce.catalog.api.v1.ProductChanged`. */
export interface ProductChanged {
  productId: string
  changedFields?: string[]
  originatedFromVersion?: CatalogVersion
}

/** Data of `com.wix.ecommerce.catalog.api.v1.ProductDeleted`. */
export interface ProductDeleted {
  productId: string
  originatedFromVersion?: CatalogVersion
}

/** Data of `com.wix.ecommerce.catalog.api.v1.CollectionCreated` (the field is `collection_Id`). */
export interface CollectionCreated {
  collection_Id: string
  name?: string
  media?: ProductMedia
  slug?: string
  visible?: boolean
  originatedFromVersion?: CatalogVersion
}

/** Data of `com.wix.ecommerce.catalog.api.v1.CollectionChanged`. */
export interface CollectionChanged {
  collection_Id: string
  changedFields?: string[]
  originatedFromVersion?: CatalogVersion
}

/** Data of `com.wix.ecommerce.catalog.api.v1.CollectionDeleted`. */
export interface CollectionDeleted {
  collection_Id: string
  originatedFromVersion?: CatalogVersion
}

/** Data of `com.wix.ecommerce.catalog.api.v1.VariantsChanged`. */
export interface VariantsChanged {
  productId: string
  variants?: {
    variantId: string
    choices?: Record<string, string>
    changedFields?: string[]
    originatedFromVersion?: CatalogVersion
  }[]
  originatedFromVersion?: CatalogVersion
}

/** A handler of one event type. Handlers of the same type run in parallel. */
export type WebhookHandler<E> = (event: E) => void | Promise<void>

/** The event type one handler-registration method receives. */
export type EventOf<K extends keyof typeof EVENTS> = (typeof EVENTS)[K] extends { event?: infer E }
  ? E
  : never

/** `onCartCreated(handler)` and its siblings: each returns a function that unsubscribes. */
export type EventRegistrations = {
  [K in keyof typeof EVENTS]: (handler: WebhookHandler<EventOf<K>>) => () => void
}

/** Options of {@link Webhooks.process}. */
export interface ProcessOptions {
  /** Event types to accept besides those with a handler; any other type is rejected. */
  expectedEvents?: string[]
}

/** Options of `createWebhooks`. */
export interface WebhooksOptions {
  /** The app's public key: a PEM (`-----BEGIN PUBLIC KEY-----`) or base64 of that PEM. */
  publicKey: string
  /** Allowed clock skew for `exp`/`nbf`, in seconds (default 60). */
  clockTolerance?: number
}

/** What `createWebhooks` returns. */
export interface Webhooks extends EventRegistrations {
  /**
   * Verifies the JWT, dispatches the event to the handlers of its type (all in parallel, awaited)
   * and returns the decoded webhook. Rejects with a `WebhookError`, or with a handler's error.
   */
  process(jwt: string, options?: ProcessOptions): Promise<WebhookMessage>
  /** `process` for a request whose raw body is the JWT (what the provider POSTs). */
  processRequest(request: Request, options?: ProcessOptions): Promise<WebhookMessage>
  /** Verifies and decodes the JWT without dispatching it. */
  parseJWT(jwt: string): Promise<WebhookMessage>
}
