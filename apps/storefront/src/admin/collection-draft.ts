import type { Collection } from '@vitrine/client'
import type { FieldErrors } from './violations'

/** The collection form's state. */
export interface CollectionDraft {
  name: string
  description: string
  image: string
  visible: boolean
}

/** The catalog's limits for collections (packages/platform writer-schema.ts). */
const NAME_MAX = 100
const DESCRIPTION_MAX = 16000
const URL_PATTERN = /^(https?:\/\/|\/)\S+$/

/** The form of a new collection. */
export const emptyCollectionDraft = (): CollectionDraft => ({
  name: '',
  description: '',
  image: '',
  visible: true,
})

/** The picture of a collection, if any. */
export const collectionImage = (collection: Collection): string | undefined =>
  collection.media?.mainMedia?.image?.url ?? collection.media?.items?.[0]?.image?.url

/** The form of an existing collection. */
export const collectionDraftOf = (collection: Collection): CollectionDraft => ({
  name: collection.name ?? '',
  description: collection.description ?? '',
  image: collectionImage(collection) ?? '',
  visible: collection.visible !== false,
})

/** What is wrong with the form, by field. */
export function validateCollection(draft: CollectionDraft): FieldErrors {
  const errors: FieldErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = 'Give the collection a name'
  else if (name.length > NAME_MAX) errors.name = `Use at most ${NAME_MAX} characters`
  if (draft.description.length > DESCRIPTION_MAX)
    errors.description = `Use at most ${DESCRIPTION_MAX} characters`
  if (draft.image.trim() && !URL_PATTERN.test(draft.image.trim()))
    errors.image = 'Enter a picture address starting with https:// (or / for this platform)'
  return errors
}

/** The collection fields of the form, as the catalog writer takes them. */
export function collectionInput(draft: CollectionDraft): Partial<Collection> {
  const image = draft.image.trim()
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    visible: draft.visible,
    media: { items: image ? [{ mediaType: 'image', image: { url: image } }] : [] },
  }
}

/** The form field a violation of `collection.…` concerns. */
export function collectionField(path: string): string | undefined {
  const field = path.replace(/^collection\./, '')
  if (field.startsWith('media')) return 'image'
  const top = field.split(/[.[]/)[0] ?? ''
  return ['name', 'description', 'visible', 'slug'].includes(top) ? top : undefined
}
