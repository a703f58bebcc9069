import { dates, floats, toPageUrl } from '../codec/convert.js'
import { isJsonObject } from '../codec/json-object.js'
import { imageRefs } from '../codec/media.js'
import { applyCodecs } from '../codec/wire.js'
import { under, type Codec } from '../http/endpoint.js'
import { ORDER_DATES } from '../orders/order-paths.js'
import { parseJson } from './jwt.js'
import { WebhookError } from './webhook-error.js'
import type {
  CartCreatedEvent,
  CartDeletedEvent,
  CartUpdatedEvent,
  CatalogEvent,
  CollectionChanged,
  CollectionCreated,
  CollectionDeleted,
  FulfillmentsUpdatedEvent,
  MemberDeletedEvent,
  MemberEvent,
  OrderActionEvent,
  OrderCanceledEvent,
  OrderCommittedEvent,
  OrderEvent,
  OrderFulfilledEvent,
  OrderPaymentStatusUpdatedEvent,
  OrderUpdatedEvent,
  ProductChanged,
  ProductCreated,
  ProductDeleted,
  VariantsChanged,
  WebhookMessage,
} from './types.js'

/** One event of wire-contract §6.1. `event` is never set: it only carries the envelope's type. */
export interface EventDefinition<E = unknown> {
  type: string
  /** A domain event's payload is `{…, createdEvent | updatedEvent | deletedEvent | actionEvent}`. */
  domain: boolean
  codecs: Codec[]
  event?: E
}

const define = <E>(type: string, domain: boolean, codecs: Codec[] = []): EventDefinition<E> => ({
  type,
  domain,
  codecs: domain ? [dates(['metadata.eventTime']), ...codecs] : codecs,
})

const cart = (...prefixes: string[]): Codec[] => {
  const at = (paths: string) => prefixes.flatMap((prefix) => under(prefix, paths))
  return [
    dates(
      at(
        'createdDate updatedDate lineItems.subscriptionOptionInfo.subscriptionSettings.startDate lineItems.serviceProperties.scheduledDate lineItems.serviceProperties.endDate',
      ),
    ),
    floats(
      at(
        'lineItems.physicalProperties.weight lineItems.catalogOverrideFields.physicalProperties.weight',
      ),
    ),
    imageRefs(at('lineItems.image lineItems.catalogOverrideFields.image')),
    [toPageUrl, at('lineItems.url')],
  ]
}

/**
 * An order's dates, line-item images and weights under each prefix (wire-orders-members §3: the
 * events convert only the weight of the floats the REST answers convert).
 */
const order = (...prefixes: string[]): Codec[] => {
  const at = (paths: string) => prefixes.flatMap((prefix) => under(prefix, paths))
  return [
    dates(at(ORDER_DATES)),
    floats(at('lineItems.physicalProperties.weight')),
    imageRefs(at('lineItems.image')),
  ]
}
const ORDER = 'wix.ecom.v1.order_'
const action = <E>(slug: string, codecs: Codec[] = []) =>
  define<E>(ORDER + slug, true, [...order('data.order.'), ...codecs])
const CHANGED = 'data.changes.changedShippingInfo.logistics.'
const REMOVED = 'data.changes.lineItems.lineItemRemoved.'
const member: Codec[] = [dates(under('entity.', 'createdDate updatedDate lastLoginDate'))]

const CATALOG = 'com.wix.ecommerce.catalog.api.v1.'

/** The events `createWebhooks` dispatches, by the name of their registration method. */
export const EVENTS = {
  onCartCreated: define<CartCreatedEvent>('wix.ecom.v1.cart_created', true, cart('entity.')),
  onCartUpdated: define<CartUpdatedEvent>(
    'wix.ecom.v1.cart_updated',
    true,
    cart('entity.', 'modifiedFields.'),
  ),
  onCartDeleted: define<CartDeletedEvent>('wix.ecom.v1.cart_deleted', true, cart('entity.')),
  onOrderCreated: define<OrderEvent>(ORDER + 'created', true, order('entity.')),
  onOrderUpdated: define<OrderUpdatedEvent>(
    ORDER + 'updated',
    true,
    order('entity.', 'modifiedFields.'),
  ),
  onOrderApproved: action<OrderActionEvent<{ ordersExperiments?: unknown }>>('approved'),
  onOrderCanceled: action<OrderCanceledEvent>('canceled'),
  onOrderPaymentStatusUpdated: action<OrderPaymentStatusUpdatedEvent>('payment_status_updated'),
  onOrderFulfilled: action<OrderFulfilledEvent>('fulfilled'),
  onOrderCommitted: action<OrderCommittedEvent>('committed', [
    dates([
      'data.commitDate',
      ...under(CHANGED, 'deliverByDate deliveryTimeSlot.from deliveryTimeSlot.to'),
      ...under(
        REMOVED,
        'digitalFile.expirationDate subscriptionInfo.subscriptionSettings.startDate',
      ),
    ]),
    floats([REMOVED + 'physicalProperties.weight']),
    imageRefs([REMOVED + 'image']),
  ]),
  onOrderImported: action<OrderActionEvent>('imported'),
  onOrderImportedOrderDeleted: action<OrderActionEvent>('imported_order_deleted'),
  onFulfillmentsUpdated: define<FulfillmentsUpdatedEvent>(
    'wix.ecom.v1.fulfillments_updated',
    true,
    [dates(['entity.fulfillments.createdDate', 'modifiedFields.fulfillments.createdDate'])],
  ),
  onMemberCreated: define<MemberEvent>('wix.members.v1.member_created', true, member),
  onMemberUpdated: define<MemberEvent>('wix.members.v1.member_updated', true, member),
  // The provider's runtime converts only the event time of this one (wire-orders-members §3).
  onMemberDeleted: define<MemberDeletedEvent>('wix.members.v1.member_deleted', true),
  onProductCreated: define<CatalogEvent<ProductCreated>>(CATALOG + 'ProductCreated', false, [
    floats(
      under(
        'data.',
        'price.price price.pricePerUnit price.discountedPrice costAndProfitData.itemCost costAndProfitData.profit costAndProfitData.profitMargin',
      ),
    ),
  ]),
  onProductChanged: define<CatalogEvent<ProductChanged>>(CATALOG + 'ProductChanged', false),
  onProductDeleted: define<CatalogEvent<ProductDeleted>>(CATALOG + 'ProductDeleted', false),
  onProductCollectionCreated: define<CatalogEvent<CollectionCreated>>(
    CATALOG + 'CollectionCreated',
    false,
  ),
  onProductCollectionChanged: define<CatalogEvent<CollectionChanged>>(
    CATALOG + 'CollectionChanged',
    false,
  ),
  onProductCollectionDeleted: define<CatalogEvent<CollectionDeleted>>(
    CATALOG + 'CollectionDeleted',
    false,
  ),
  onProductVariantsChanged: define<CatalogEvent<VariantsChanged>>(
    CATALOG + 'VariantsChanged',
    false,
  ),
}

/** The same definitions by event type. */
export const EVENTS_BY_TYPE: ReadonlyMap<string, EventDefinition> = new Map(
  Object.values(EVENTS).map((definition: EventDefinition) => [definition.type, definition]),
)

/** A domain event as the wire carries it: its fields, and one of four bodies. */
interface DomainEvent {
  createdEvent?: { entity?: unknown }
  updatedEvent?: { currentEntity?: unknown; modifiedFields?: unknown }
  deletedEvent?: { deletedEntity?: unknown }
  actionEvent?: { body?: unknown }
  [field: string]: unknown
}

// The typings say the entity is a JSON string; the runtime passes it through: accept both.
const entity = (value: unknown) =>
  typeof value === 'string' ? parseJson(value, 'event entity') : value

/**
 * Builds the envelope a handler receives (wire-contract §6.1) and converts its dates, floats and
 * images. The wire's field names are kept (`id`, not `_id`).
 */
export function toEnvelope(definition: EventDefinition, message: WebhookMessage): unknown {
  const base = {
    instanceId: message.instanceId,
    identity: message.identity,
    accountInfo: message.accountInfo,
  }
  if (!definition.domain) {
    return applyCodecs({ data: message.payload, metadata: base }, definition.codecs)
  }
  const payload = message.payload
  if (!isJsonObject(payload)) {
    throw new WebhookError('MALFORMED', `The ${definition.type} event is not a JSON object`)
  }
  const { createdEvent, updatedEvent, deletedEvent, actionEvent, ...rest } = payload as DomainEvent
  const metadata = { ...base, ...rest }
  let envelope: Record<string, unknown> = { metadata }
  if (createdEvent) envelope = { entity: entity(createdEvent.entity), metadata }
  else if (updatedEvent) {
    envelope = { entity: entity(updatedEvent.currentEntity), metadata }
    const { modifiedFields } = updatedEvent
    if (modifiedFields !== undefined) envelope.modifiedFields = modifiedFields
  } else if (deletedEvent?.deletedEntity != null) {
    envelope = { entity: entity(deletedEvent.deletedEntity), metadata }
  } else if (actionEvent) envelope = { data: actionEvent.body, metadata }
  return applyCodecs(envelope, definition.codecs)
}
