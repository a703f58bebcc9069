import type { Collection } from '@vitrine/client'
import {
  describeError,
  useCreateCollection,
  useDeleteCollection,
  useMerchantCollections,
} from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  collectionField,
  collectionImage,
  collectionInput,
  emptyCollectionDraft,
  validateCollection,
} from './collection-draft'
import { CollectionFields } from './collection-fields'
import { ConfirmDialog, Dialog, FormFooter } from './dialog'
import { PageHeader } from './page-header'
import { Thumb } from './products-table'
import { RowActions } from './row-actions'
import { EmptyState, ErrorState, InlineError, Loading } from './states'
import { useToast } from './toasts'
import { VisibilityBadge } from './visibility'
import { hasErrors, violationsOf, type FieldErrors } from './violations'

/** The collections: list, create, delete (editing is on each collection's page). */
export function CollectionsPage() {
  const query = useMerchantCollections()
  const [creating, setCreating] = useState(false)
  const [doomed, setDoomed] = useState<Collection | null>(null)
  const remove = useDeleteCollection()
  const toast = useToast()

  async function confirmDelete() {
    if (!doomed) return
    await remove.mutateAsync({ id: doomed.id })
    toast.success(`Deleted the collection “${doomed.name}”. Its products stay in the catalog.`)
    setDoomed(null)
  }

  const collections = query.data ?? []
  const add = (
    <button
      type="button"
      className="adm-button adm-button--primary"
      onClick={() => setCreating(true)}
    >
      <span aria-hidden="true">+</span> New collection
    </button>
  )
  return (
    <>
      <PageHeader
        title="Collections"
        meta={
          query.data
            ? `${collections.length} ${collections.length === 1 ? 'collection' : 'collections'}`
            : null
        }
        actions={add}
      />
      <div className="adm-panel">
        {query.isPending ? (
          <Loading label="Loading collections…" rows={4} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : collections.length === 0 ? (
          <EmptyState title="No collections yet" action={add}>
            Group products into collections, such as Summer or Gifts, for shoppers to browse.
          </EmptyState>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table">
              <caption className="visually-hidden">Collections</caption>
              <thead>
                <tr>
                  <th scope="col">Collection</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="adm-table__num">
                    Products
                  </th>
                  <th scope="col" className="adm-table__actions adm-col-wide">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {collections.map((collection) => (
                  <tr key={collection.id}>
                    <td>
                      <div className="adm-product-cell">
                        <Thumb src={collectionImage(collection)} />
                        <div>
                          <Link
                            to={`/admin/collections/${collection.id}`}
                            className="adm-product-cell__name"
                          >
                            {collection.name}
                          </Link>
                          <div className="adm-product-cell__meta">/{collection.slug}</div>
                        </div>
                      </div>
                    </td>
                    <td>
                      <VisibilityBadge visible={collection.visible} />
                    </td>
                    <td className="adm-table__num">{collection.numberOfProducts ?? 0}</td>
                    <RowActions
                      to={`/admin/collections/${collection.id}`}
                      name={collection.name}
                      onDelete={() => setDoomed(collection)}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <CreateCollectionDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete collection?"
        message={
          <>
            “{doomed?.name}” will be deleted. Its products stay in the catalog. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete collection"
        mutation={remove}
        onConfirm={confirmDelete}
        onClose={() => setDoomed(null)}
      />
    </>
  )
}

function CreateCollectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(emptyCollectionDraft)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const create = useCreateCollection()
  const navigate = useNavigate()
  const toast = useToast()

  function close() {
    setDraft(emptyCollectionDraft())
    setErrors({})
    setFailure(undefined)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateCollection(draft)
    setErrors(found)
    setFailure(undefined)
    if (hasErrors(found)) {
      document.getElementById(`new-collection-${Object.keys(found)[0]}`)?.focus()
      return
    }
    try {
      const collection = await create.mutateAsync(collectionInput(draft))
      toast.success(`Created the collection “${collection.name}”. Add products to it next.`)
      close()
      navigate(`/admin/collections/${collection.id}`)
    } catch (error) {
      const { fields } = violationsOf(error, collectionField)
      setErrors(fields)
      if (!hasErrors(fields)) setFailure(describeError(error))
    }
  }

  return (
    <Dialog open={open} title="New collection" onClose={close}>
      <form onSubmit={submit} noValidate aria-label="New collection">
        <CollectionFields
          idPrefix="new-collection"
          draft={draft}
          errors={errors}
          onChange={setDraft}
        />
        <InlineError message={failure} />
        <FormFooter
          pending={create.isPending}
          label="Create collection"
          pendingLabel="Creating…"
          onClose={close}
        />
      </form>
    </Dialog>
  )
}
