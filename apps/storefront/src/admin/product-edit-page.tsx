import type { Product } from '@vitrine/client'
import { useDeleteProduct, useMerchantProduct, useUpdateProduct } from '@vitrine/react'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from './dialog'
import { MediaCard } from './media-card'
import { PageHeader } from './page-header'
import { changedFields } from './changes'
import { draftOf, productInput } from './product-draft'
import { ProductCollectionsCard } from './product-collections-card'
import { ProductForm } from './product-form'
import { DangerCard } from './danger-card'
import { ErrorState, Loading } from './states'
import { useToast } from './toasts'
import { VariantsCard } from './variants-card'
import { VisibilityBadge, ViewInShopLink } from './visibility'

/** One product: its fields, pictures, variants and collections, and deleting it. */
export function ProductEditPage() {
  const { id = '' } = useParams()
  const query = useMerchantProduct(id)

  if (query.isPending) return <Loading label="Loading product…" rows={4} />
  if (query.isError)
    return (
      <>
        <PageHeader title="Product" back={{ to: '/admin/products', label: 'Products' }} />
        <ErrorState
          error={query.error}
          title="This product could not be loaded"
          onRetry={() => void query.refetch()}
        />
      </>
    )
  return <ProductEditor key={query.data.id} product={query.data} />
}

function ProductEditor({ product }: { product: Product }) {
  const update = useUpdateProduct()
  const remove = useDeleteProduct()
  const [deleting, setDeleting] = useState(false)
  const [initial] = useState(() => draftOf(product))
  const navigate = useNavigate()
  const toast = useToast()
  const shopUrl = product.slug ? `/products/${product.slug}` : undefined

  async function save(draft: ReturnType<typeof draftOf>) {
    const changes = changedFields(productInput(draftOf(product)), productInput(draft))
    if (Object.keys(changes).length === 0) {
      toast.success('Nothing to save: no field changed.')
      return
    }
    await update.mutateAsync({ id: product.id, product: changes })
    toast.success(`Saved “${draft.name.trim()}”.`)
  }

  async function confirmDelete() {
    await remove.mutateAsync({ id: product.id })
    toast.success(`Deleted “${product.name}”.`)
    navigate('/admin/products')
  }

  return (
    <>
      <PageHeader
        title={product.name ?? 'Product'}
        back={{ to: '/admin/products', label: 'Products' }}
        meta={
          <>
            <VisibilityBadge visible={product.visible} />
            {product.sku && <span>SKU {product.sku}</span>}
          </>
        }
        actions={
          <>
            {shopUrl && product.visible !== false && <ViewInShopLink href={shopUrl} />}
            <button type="submit" form="product-form" className="adm-button adm-button--primary">
              Save product
            </button>
          </>
        }
      />
      <ProductForm
        id="product-form"
        initial={initial}
        submitLabel="Save product"
        onSave={save}
        optionsNote={
          product.manageVariants ? (
            <p className="adm-note">
              Changing options rebuilds the variants: variants whose choices remain keep their
              prices and stock.
            </p>
          ) : undefined
        }
      />
      <div className="adm-editor-grid adm-editor-grid--after">
        <div className="adm-editor-grid__main">
          <MediaCard product={product} />
        </div>
        <div className="adm-editor-grid__aside">
          <ProductCollectionsCard product={product} />
          <DangerCard title="Delete product" onDelete={() => setDeleting(true)}>
            Removes it from the catalog and from every collection. This cannot be undone.
          </DangerCard>
        </div>
      </div>
      <VariantsCard product={product} />
      <ConfirmDialog
        open={deleting}
        title="Delete product?"
        message={<>“{product.name}” will be deleted. This cannot be undone.</>}
        confirmLabel="Delete product"
        mutation={remove}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </>
  )
}
