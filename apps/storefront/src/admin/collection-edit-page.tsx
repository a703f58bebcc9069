import type { Collection } from '@vitrine/client'
import {
  describeError,
  useDeleteCollection,
  useMerchantCollections,
  useUpdateCollection,
} from '@vitrine/react'
import { useRef, useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { changedFields } from './changes'
import {
  collectionDraftOf,
  collectionField,
  collectionInput,
  validateCollection,
} from './collection-draft'
import { CollectionFields } from './collection-fields'
import { CollectionProducts } from './collection-products'
import { ConfirmDialog } from './dialog'
import { PageHeader } from './page-header'
import { DangerCard } from './danger-card'
import { ErrorState, InlineError, Loading } from './states'
import { useToast } from './toasts'
import { VisibilityBadge, ViewInShopLink } from './visibility'
import { hasErrors, violationsOf, type FieldErrors } from './violations'

/** One collection: its fields, its products, and deleting it. */
export function CollectionEditPage() {
  const { id = '' } = useParams()
  const query = useMerchantCollections()
  const back = { to: '/admin/collections', label: 'Collections' }
  if (query.isPending) return <Loading label="Loading collection…" rows={3} />
  const collection = query.data?.find((candidate) => candidate.id === id)
  if (query.isError || !collection)
    return (
      <>
        <PageHeader title="Collection" back={back} />
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="adm-panel adm-panel--padded">
            <p>There is no such collection. It may have been deleted.</p>
          </div>
        )}
      </>
    )
  return <CollectionEditor key={collection.id} collection={collection} />
}

function CollectionEditor({ collection }: { collection: Collection }) {
  const [draft, setDraft] = useState(() => collectionDraftOf(collection))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [deleting, setDeleting] = useState(false)
  const update = useUpdateCollection()
  const remove = useDeleteCollection()
  const toast = useToast()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateCollection(draft)
    setErrors(found)
    setFailure(undefined)
    if (hasErrors(found)) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    const changes = changedFields(
      collectionInput(collectionDraftOf(collection)),
      collectionInput(draft),
    )
    if (Object.keys(changes).length === 0) {
      toast.success('Nothing to save: no field changed.')
      return
    }
    try {
      await update.mutateAsync({ id: collection.id, collection: changes })
      toast.success(`Saved the collection “${draft.name.trim()}”.`)
    } catch (error) {
      const { fields } = violationsOf(error, collectionField)
      setErrors(fields)
      if (!hasErrors(fields)) setFailure(describeError(error))
    }
  }

  async function confirmDelete() {
    await remove.mutateAsync({ id: collection.id })
    toast.success(`Deleted the collection “${collection.name}”.`)
    navigate('/admin/collections')
  }

  const shopUrl = `/shop?collection=${encodeURIComponent(collection.slug ?? '')}`
  return (
    <>
      <PageHeader
        title={collection.name ?? 'Collection'}
        back={{ to: '/admin/collections', label: 'Collections' }}
        meta={
          <>
            <VisibilityBadge visible={collection.visible} />
            <span>
              {collection.numberOfProducts ?? 0}{' '}
              {collection.numberOfProducts === 1 ? 'product' : 'products'}
            </span>
          </>
        }
        actions={collection.visible !== false ? <ViewInShopLink href={shopUrl} /> : undefined}
      />
      <div className="adm-editor-grid">
        <div className="adm-editor-grid__main">
          <CollectionProducts collection={collection} />
        </div>
        <div className="adm-editor-grid__aside">
          <form
            ref={form}
            className="adm-card"
            onSubmit={submit}
            noValidate
            aria-labelledby="section-collection"
          >
            <h2 id="section-collection" className="adm-card__title">
              Details
            </h2>
            <CollectionFields
              idPrefix="collection"
              draft={draft}
              errors={errors}
              onChange={setDraft}
            />
            <InlineError message={failure} />
            <div className="adm-card__footer adm-card__footer--end">
              <button
                type="submit"
                className="adm-button adm-button--primary"
                disabled={update.isPending}
              >
                {update.isPending ? 'Saving…' : 'Save collection'}
              </button>
            </div>
          </form>
          <DangerCard title="Delete collection" onDelete={() => setDeleting(true)}>
            Its products stay in the catalog.
          </DangerCard>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete collection?"
        message={<>“{collection.name}” will be deleted. This cannot be undone.</>}
        confirmLabel="Delete collection"
        mutation={remove}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </>
  )
}
