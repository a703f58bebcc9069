import { useCreateProduct } from '@vitrine/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { PageHeader } from './page-header'
import { emptyDraft, productInput } from './product-draft'
import { ProductForm } from './product-form'
import { useToast } from './toasts'

/** A new product: its fields and options; pictures and variant details follow on its page. */
export function ProductNewPage() {
  const [initial] = useState(emptyDraft)
  const create = useCreateProduct()
  const navigate = useNavigate()
  const toast = useToast()
  return (
    <>
      <PageHeader
        title="Add product"
        back={{ to: '/admin/products', label: 'Products' }}
        actions={
          <button type="submit" form="product-form" className="adm-button adm-button--primary">
            Create product
          </button>
        }
      />
      <ProductForm
        id="product-form"
        initial={initial}
        submitLabel="Create product"
        onSave={async (draft) => {
          const product = await create.mutateAsync(productInput(draft))
          toast.success(`Created “${product.name}”. Add pictures and variant details next.`)
          navigate(`/admin/products/${product.id}`)
        }}
      />
    </>
  )
}
