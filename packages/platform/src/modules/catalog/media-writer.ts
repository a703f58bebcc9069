import { randomUUID } from 'node:crypto'
import { sql, type SqlBool } from 'kysely'
import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError, violation, type FieldViolation } from '../../http/platform-error.js'
import { catalogEvents } from './events.js'
import { refreshProductDocuments } from './product-documents.js'
import { parseJson, productOptionsOf } from './rows.js'
import type { Media, MediaItem, StoredChoice, StoredOption } from './types.js'
import type { ChoiceMediaInput, MediaInput } from './writer-schema.js'
import { lockProduct, now, type Writer } from './writes.js'

/** Where the provider serves an uploaded media id. */
const MEDIA_BASE = 'https://static.wixstatic.com/media/'
const VIDEO = /\.(mp4|webm|mov|m4v)(\?|#|$)/i

const withMain = (items: MediaItem[]): Media =>
  items[0] ? { mainMedia: items[0], items } : { items }

/** A new media item for a URL: a video for video files, else an image of the given size. */
function fromUrl(input: MediaInput, id: string): MediaItem {
  const url = input.url!
  if (VIDEO.test(url)) return { id, mediaType: 'video', title: '', video: { files: [{ url }] } }
  const size = {
    ...(input.width ? { width: input.width } : {}),
    ...(input.height ? { height: input.height } : {}),
  }
  return { id, mediaType: 'image', title: '', image: { url, ...size } }
}

/** An existing media item `id` of another product (the site's media), if any. */
async function findMedia(trx: Tx, id: string): Promise<MediaItem | undefined> {
  const needle = JSON.stringify(id).replace(/[\\%_]/g, (c) => '\\' + c)
  const rows = await trx
    .selectFrom('products')
    .select('media')
    .where(sql<SqlBool>`media like ${`%"id":${needle}%`} escape '\\'`)
    .limit(5)
    .execute()
  for (const row of rows) {
    const item = parseJson<Media>(row.media, { items: [] }).items.find(
      (candidate) => candidate.id === id,
    )
    if (item) return item
  }
  return undefined
}

/** The choice `option`/`choice` of `options`, or a violation on `at`. */
function findChoice(
  options: StoredOption[],
  option: string,
  choice: string,
  at: string,
): StoredChoice {
  const found = options.find((candidate) => candidate.name === option)
  if (!found)
    throw PlatformError.invalid(`${at}.option`, `"${option}" is not an option of this product`)
  const target = found.choices.find((candidate) => candidate.description === choice)
  if (!target)
    throw PlatformError.invalid(`${at}.choice`, `"${choice}" is not a choice of "${option}"`)
  return target
}

/** Sets the media of `choice` to `items` (none when empty). */
function setMedia(choice: StoredChoice, items: MediaItem[]): void {
  if (items.length) choice.media = withMain(items)
  else delete choice.media
}

const addTo = (choice: StoredChoice, items: MediaItem[]) => {
  const known = choice.media?.items ?? []
  setMedia(choice, [...known, ...items.filter((item) => !known.some((k) => k.id === item.id))])
}

/**
 * Runs `change` on the locked product's media and options; writes them when they changed,
 * bumps `lastUpdated` and emits `ProductChanged`.
 */
async function changeMedia(
  writer: Writer,
  id: string,
  change: (trx: Tx, media: MediaItem[], options: StoredOption[]) => Promise<MediaItem[]>,
): Promise<void> {
  await transaction(writer.db, async (trx) => {
    const row = await lockProduct(trx, id)
    const before = parseJson<Media>(row.media, { items: [] }).items
    const options = productOptionsOf(row)
    const media = JSON.stringify(withMain(await change(trx, before, options)))
    const productOptions = JSON.stringify(options)
    const fields = [
      ...(media !== JSON.stringify(withMain(before)) ? ['media'] : []),
      ...(productOptions !== row.product_options ? ['productOptions'] : []),
    ]
    if (fields.length === 0) return
    await trx
      .updateTable('products')
      .set({ media, product_options: productOptions, last_updated: now() })
      .where('id', '=', id)
      .execute()
    await refreshProductDocuments(trx, [id])
    await catalogEvents.productChanged(trx, writer.identity, id, fields)
  })
}

/**
 * `POST /stores/v1/products/{id}/media`: adds media by URL (a new item with a new id) or by
 * `mediaId` (the site's item of that id, else the provider's media URL), optionally also to a
 * choice. Media the product already has are not added twice.
 */
export function addProductMedia(writer: Writer, id: string, inputs: MediaInput[]): Promise<void> {
  return changeMedia(writer, id, async (trx, items, options) => {
    const result = [...items]
    for (const [i, input] of inputs.entries()) {
      let item: MediaItem | undefined
      if (!input.url && !input.mediaId)
        throw PlatformError.invalid(`media[${i}]`, 'needs a url or a mediaId', 'REQUIRED_FIELD')
      if (input.url) item = fromUrl(input, randomUUID())
      else {
        const mediaId = input.mediaId!
        item = result.find((known) => known.id === mediaId) ??
          (await findMedia(trx, mediaId)) ?? {
            id: mediaId,
            mediaType: 'image',
            title: '',
            image: { url: MEDIA_BASE + mediaId },
          }
      }
      if (!result.some((known) => known.id === item.id)) result.push(item)
      if (input.choice)
        addTo(findChoice(options, input.choice.option, input.choice.choice, `media[${i}].choice`), [
          item,
        ])
    }
    return result
  })
}

/** `POST …/media/delete`: removes the media (from the product and its choices); unknown ids are ignored. */
export function removeProductMedia(writer: Writer, id: string, mediaIds: string[]): Promise<void> {
  const gone = new Set(mediaIds)
  return changeMedia(writer, id, async (_trx, items, options) => {
    for (const choice of options.flatMap((option) => option.choices))
      if (choice.media)
        setMedia(
          choice,
          choice.media.items.filter((item) => !gone.has(item.id)),
        )
    return items.filter((item) => !gone.has(item.id))
  })
}

/** `PATCH …/choices/media`: assigns media the product has to choices. */
export function addChoicesMedia(
  writer: Writer,
  id: string,
  inputs: ChoiceMediaInput[],
): Promise<void> {
  return changeMedia(writer, id, async (_trx, items, options) => {
    const violations: FieldViolation[] = []
    inputs.forEach((input, i) => {
      const choice = findChoice(options, input.option, input.choice, `media[${i}]`)
      const unknown = input.mediaIds.filter((mediaId) => !items.some((item) => item.id === mediaId))
      if (unknown.length)
        violations.push(
          violation(`media[${i}].mediaIds`, `are not media of this product: ${unknown.join(', ')}`),
        )
      else
        addTo(
          choice,
          input.mediaIds.map((mediaId) => items.find((item) => item.id === mediaId)!),
        )
    })
    if (violations.length) throw PlatformError.validation(violations)
    return items
  })
}

/** `POST …/choices/media/delete`: removes media from choices (all of a choice's when `mediaIds` is empty). */
export function removeChoicesMedia(
  writer: Writer,
  id: string,
  inputs: ChoiceMediaInput[],
): Promise<void> {
  return changeMedia(writer, id, async (_trx, items, options) => {
    inputs.forEach((input, i) => {
      const choice = findChoice(options, input.option, input.choice, `media[${i}]`)
      const gone = new Set(input.mediaIds)
      setMedia(
        choice,
        (choice.media?.items ?? []).filter((item) => gone.size > 0 && !gone.has(item.id)),
      )
    })
    return items
  })
}
