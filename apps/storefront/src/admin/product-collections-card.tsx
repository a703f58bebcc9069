import type { Collection, Product } from '@vitrine/client'
import {
  describeError,
  useAddProductsToCollection,
  useMerchantCollections,
  useRemoveProductsFromCollection,
} from '@vitrine/react'
import { Link } from 'react-router'
import { useToast } from './toasts'

/** Which collections the product is in: a tick per collection, saved at once. */
export function ProductCollectionsCard({ product }: { product: Product }) {
  const query = useMerchantCollections()
  const add = useAddProductsToCollection()
  const remove = useRemoveProductsFromCollection()
  const toast = useToast()
  const inside = new Set(product.collectionIds ?? [])
  const busy = add.isPending || remove.isPending

  async function toggle(collection: Collection, on: boolean) {
    if (busy) return
    const change = { collectionId: collection.id, productIds: [product.id] }
    try {
      if (on) await add.mutateAsync(change)
      else await remove.mutateAsync(change)
      toast.success(on ? `Added to ${collection.name}.` : `Removed from ${collection.name}.`)
    } catch (error) {
      toast.error(`The collection did not change: ${describeError(error)}`)
    }
  }

  return (
    <section className="adm-card" aria-labelledby="section-collections">
      <div className="adm-card__header">
        <h2 id="section-collections" className="adm-card__title">
          Collections
        </h2>
        <Link to="/admin/collections" className="adm-card__link">
          Manage
        </Link>
      </div>
      {query.isPending ? (
        <p className="muted">Loading collections…</p>
      ) : query.isError ? (
        <p className="adm-inline-error">{describeError(query.error)}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No collections yet.</p>
      ) : (
        <fieldset className="adm-checklist" aria-busy={busy || undefined}>
          <legend className="visually-hidden">Collections of {product.name}</legend>
          {query.data.map((collection) => (
            <label key={collection.id} className="adm-checklist__item">
              <input
                type="checkbox"
                checked={inside.has(collection.id)}
                onChange={(event) => void toggle(collection, event.target.checked)}
              />
              <span>{collection.name}</span>
              {collection.visible === false && (
                <span className="adm-badge adm-badge--muted">Hidden</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  )
}
