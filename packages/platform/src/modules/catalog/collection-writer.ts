import { randomUUID } from 'node:crypto'
import { forUpdate, transaction, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { collectionViews } from './collection-reader.js'
import { catalogEvents } from './events.js'
import { refreshProductDocuments } from './product-documents.js'
import type { CollectionRow } from './rows.js'
import type { Media, MediaItem, WireCollection } from './types.js'
import type { CollectionInput } from './writer-schema.js'
import { bit } from './product-input.js'
import { chooseSlug, now, type Writer } from './writes.js'

const ELEVATED = { elevated: true }

/** Collection media as stored: items with ids, `mainMedia` the given one or the first item. */
function media(input: CollectionInput['media']): string | undefined {
  if (!input) return undefined
  const items = (input.items ?? []).map(
    (item) => ({ id: randomUUID(), ...item }) as unknown as MediaItem,
  )
  const main = (input.mainMedia as unknown as MediaItem | undefined) ?? items[0]
  const value: Media = { ...(main ? { mainMedia: main } : {}), items }
  return JSON.stringify(value)
}

const view = async (writer: Writer, trx: Tx, row: CollectionRow) =>
  (await collectionViews(trx, [row], ELEVATED, writer.config.publicUrl))[0]!

async function lockCollection(trx: Tx, id: string): Promise<CollectionRow> {
  const row = await forUpdate(
    trx,
    trx.selectFrom('collections').selectAll().where('id', '=', id),
  ).executeTakeFirst()
  if (!row) throw PlatformError.notFound(`Collection "${id}" not found`)
  return row
}

/** `POST /stores/v1/collections`: a new collection (slug from its name when none is given). */
export async function createCollection(
  writer: Writer,
  input: CollectionInput,
): Promise<{ collection: WireCollection }> {
  return transaction(writer.db, async (trx) => {
    const at = now()
    const name = input.name!.trim()
    if (!name) throw PlatformError.invalid('collection.name', 'must not be blank', 'MIN_LENGTH')
    const row: CollectionRow = {
      id: randomUUID(),
      name,
      slug: await chooseSlug(trx, 'collections', input.slug, name),
      visible: Number(input.visible ?? true),
      description: input.description ?? '',
      media: media(input.media) ?? '{"items":[]}',
      created_date: at,
      last_updated: at,
    }
    await trx.insertInto('collections').values(row).execute()
    const collection = await view(writer, trx, row)
    await catalogEvents.collectionCreated(trx, writer.identity, collection)
    return { collection }
  })
}

/** `PATCH /stores/v1/collections/{id}`: changes the given fields; emits `CollectionChanged`. */
export async function updateCollection(
  writer: Writer,
  id: string,
  input: CollectionInput,
): Promise<{ collection: WireCollection }> {
  return transaction(writer.db, async (trx) => {
    const row = await lockCollection(trx, id)
    const name = input.name?.trim()
    if (name === '')
      throw PlatformError.invalid('collection.name', 'must not be blank', 'MIN_LENGTH')
    const next = {
      name: name ?? row.name,
      slug:
        input.slug !== undefined && input.slug !== row.slug
          ? await chooseSlug(trx, 'collections', input.slug, row.name, id)
          : row.slug,
      visible: bit(input.visible) ?? row.visible,
      description: input.description ?? row.description,
      media: media(input.media) ?? row.media,
    }
    const fields = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => next[key] !== row[key],
    )
    if (fields.length) {
      await trx
        .updateTable('collections')
        .set({ ...next, last_updated: now() })
        .where('id', '=', id)
        .execute()
      await catalogEvents.collectionChanged(trx, writer.identity, id, fields)
    }
    return { collection: await view(writer, trx, { ...row, ...next }) }
  })
}

/** `DELETE /stores/v1/collections/{id}`: the collection and its memberships. */
export async function deleteCollection(writer: Writer, id: string): Promise<void> {
  await transaction(writer.db, async (trx) => {
    const members = await trx
      .selectFrom('collection_products')
      .select('product_id')
      .where('collection_id', '=', id)
      .execute()
    const { numDeletedRows } = await trx
      .deleteFrom('collections')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!numDeletedRows) throw PlatformError.notFound(`Collection "${id}" not found`)
    // Its memberships went with it: its products' `collectionIds` changed.
    const productIds = members.map((member) => member.product_id)
    await refreshProductDocuments(trx, productIds)
    await catalogEvents.collectionDeleted(trx, writer.identity, id)
  })
}

/**
 * `POST /stores/v1/collections/{id}/productIds` (`add`) and `…/productIds/delete`: changes the
 * membership of the products (idempotent); an unknown product to add is a 404. Emits
 * `ProductChanged` (`collectionIds`) per product that moved and `CollectionChanged`.
 */
export async function changeMembership(
  writer: Writer,
  id: string,
  productIds: string[],
  add: boolean,
): Promise<void> {
  await transaction(writer.db, async (trx) => {
    await lockCollection(trx, id)
    const members = await trx
      .selectFrom('collection_products')
      .select(['product_id', 'position'])
      .where('collection_id', '=', id)
      .execute()
    const inside = new Set(members.map((member) => member.product_id))
    let moved: string[]
    if (add) {
      const found = await trx
        .selectFrom('products')
        .select('id')
        .where('id', 'in', productIds)
        .execute()
      const missing = productIds.filter((productId) => !found.some((row) => row.id === productId))
      if (missing.length) throw PlatformError.notFound(`Products not found: ${missing.join(', ')}`)
      moved = productIds.filter((productId) => !inside.has(productId))
      const start = members.reduce((top, member) => Math.max(top, member.position + 1), 0)
      if (moved.length)
        await trx
          .insertInto('collection_products')
          .values(
            moved.map((productId, i) => ({
              collection_id: id,
              product_id: productId,
              position: start + i,
            })),
          )
          .execute()
    } else {
      moved = productIds.filter((productId) => inside.has(productId))
      if (moved.length)
        await trx
          .deleteFrom('collection_products')
          .where('collection_id', '=', id)
          .where('product_id', 'in', moved)
          .execute()
    }
    if (moved.length === 0) return
    const at = now()
    await trx.updateTable('collections').set({ last_updated: at }).where('id', '=', id).execute()
    await trx.updateTable('products').set({ last_updated: at }).where('id', 'in', moved).execute()
    await refreshProductDocuments(trx, moved)
    for (const productId of moved)
      await catalogEvents.productChanged(trx, writer.identity, productId, ['collectionIds'])
    await catalogEvents.collectionChanged(trx, writer.identity, id, ['numberOfProducts'])
  })
}
