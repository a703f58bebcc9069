import type { Collection, Product } from '@vitrine/client'
import {
  describeError,
  useAddProductsToCollection,
  useMerchantProducts,
  useRemoveProductsFromCollection,
} from '@vitrine/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { currencyOf, thumbnailOf } from './format'
import { formatAmount } from '../lib/format'
import { Pager } from './pager'
import { ProductPicker } from './product-picker'
import { Thumb } from './products-table'
import { EmptyState, ErrorState, Loading } from './states'
import { useToast } from './toasts'

const PAGE_SIZE = 10

/** The products of a collection: add some (through a picker), remove one. */
export function CollectionProducts({ collection }: { collection: Collection }) {
  const [page, setPage] = useState(1)
  const [picking, setPicking] = useState(false)
  const query = useMerchantProducts({
    collectionId: collection.id,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })
  const add = useAddProductsToCollection()
  const remove = useRemoveProductsFromCollection()
  const toast = useToast()

  async function addProducts(products: Product[]) {
    try {
      await add.mutateAsync({ collectionId: collection.id, productIds: products.map((p) => p.id) })
      toast.success(
        products.length === 1
          ? `Added “${products[0]!.name}” to ${collection.name}.`
          : `Added ${products.length} products to ${collection.name}.`,
      )
      setPicking(false)
    } catch (error) {
      toast.error(`The products were not added: ${describeError(error)}`)
    }
  }

  async function removeProduct(product: Product, index: number) {
    try {
      await remove.mutateAsync({ collectionId: collection.id, productIds: [product.id] })
      toast.success(`Removed “${product.name}” from ${collection.name}.`)
      const next =
        document.getElementById(`remove-member-${index + 1}`) ??
        document.getElementById(`remove-member-${index - 1}`) ??
        document.getElementById('add-products')
      next?.focus()
    } catch (error) {
      toast.error(`“${product.name}” was not removed: ${describeError(error)}`)
    }
  }

  const items = query.data?.items ?? []
  const addButton = (
    <button id="add-products" type="button" className="adm-button" onClick={() => setPicking(true)}>
      <span aria-hidden="true">+</span> Add products
    </button>
  )
  return (
    <section className="adm-card adm-card--flush" aria-labelledby="section-members">
      <div className="adm-card__header adm-card__header--padded">
        <h2 id="section-members" className="adm-card__title">
          Products in this collection
        </h2>
        {addButton}
      </div>
      {query.isPending ? (
        <Loading label="Loading products…" rows={3} />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No products in this collection">
          Add products for shoppers to find them here.
        </EmptyState>
      ) : (
        <>
          <ul className="adm-member-list" aria-busy={query.isPlaceholderData || undefined}>
            {items.map((product, index) => (
              <li key={product.id} className="adm-member-list__item">
                <Thumb src={thumbnailOf(product.media)} />
                <div className="adm-member-list__text">
                  <Link to={`/admin/products/${product.id}`} className="adm-product-cell__name">
                    {product.name}
                  </Link>
                  <span className="adm-product-cell__meta">
                    {formatAmount(product.priceData?.price, currencyOf(product))}
                    {product.visible === false ? ' · Hidden' : ''}
                  </span>
                </div>
                <button
                  id={`remove-member-${index}`}
                  type="button"
                  className="adm-button adm-button--small adm-button--ghost adm-button--danger-text"
                  onClick={() => void removeProduct(product, index)}
                  disabled={remove.isPending}
                >
                  Remove<span className="visually-hidden"> {product.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {(query.data?.totalCount ?? 0) > PAGE_SIZE && (
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={query.data!.totalCount}
              label="Collection products pages"
              onPage={setPage}
            />
          )}
        </>
      )}
      <ProductPicker
        open={picking}
        title={`Add products to ${collection.name}`}
        exclude={collection.id}
        pending={add.isPending}
        onPick={(products) => void addProducts(products)}
        onClose={() => setPicking(false)}
      />
    </section>
  )
}
