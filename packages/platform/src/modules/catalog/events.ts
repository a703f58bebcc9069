import type { Tx } from '../../db/transaction.js'
import { EVENT_TYPES, emit, type EventIdentity } from '../events/index.js'
import type { WireCollection, WireProduct } from './types.js'

const V1 = { originatedFromVersion: 'V1_CATALOG' } as const

/** The catalog events of wire-contract §6.1, emitted inside the write's transaction. */
export const catalogEvents = {
  productCreated: (trx: Tx, identity: EventIdentity, product: WireProduct) =>
    emit(trx, {
      eventType: EVENT_TYPES.productCreated,
      identity,
      payload: {
        productId: product.id,
        name: product.name,
        price: product.price,
        visible: product.visible,
        media: product.media,
        sku: product.sku ?? '',
        productPageUrl: product.productPageUrl,
        brand: product.brand ?? '',
        costAndProfitData: product.costAndProfitData,
        ...V1,
        slug: product.slug,
      },
    }),

  productChanged: (trx: Tx, identity: EventIdentity, productId: string, changedFields: string[]) =>
    emit(trx, {
      eventType: EVENT_TYPES.productChanged,
      identity,
      payload: { productId, changedFields, ...V1 },
    }),

  productDeleted: (trx: Tx, identity: EventIdentity, productId: string) =>
    emit(trx, { eventType: EVENT_TYPES.productDeleted, identity, payload: { productId, ...V1 } }),

  collectionCreated: (trx: Tx, identity: EventIdentity, collection: WireCollection) =>
    emit(trx, {
      eventType: EVENT_TYPES.collectionCreated,
      identity,
      payload: {
        collection_Id: collection.id,
        name: collection.name,
        media: collection.media,
        slug: collection.slug,
        visible: collection.visible,
        ...V1,
      },
    }),

  collectionChanged: (trx: Tx, identity: EventIdentity, id: string, changedFields: string[]) =>
    emit(trx, {
      eventType: EVENT_TYPES.collectionChanged,
      identity,
      payload: { collection_Id: id, changedFields, ...V1 },
    }),

  collectionDeleted: (trx: Tx, identity: EventIdentity, id: string) =>
    emit(trx, {
      eventType: EVENT_TYPES.collectionDeleted,
      identity,
      payload: { collection_Id: id, ...V1 },
    }),

  variantsChanged: (
    trx: Tx,
    identity: EventIdentity,
    productId: string,
    variants: { variantId: string; choices: Record<string, string>; changedFields: string[] }[],
  ) =>
    emit(trx, {
      eventType: EVENT_TYPES.variantsChanged,
      identity,
      payload: {
        productId,
        variants: variants.map((variant) => ({ ...variant, ...V1 })),
        ...V1,
      },
    }),
}
