import type { Collection } from '@vitrine/client'
import { useProducts } from '@vitrine/react'
import { Link } from 'react-router'
import { ProductGrid, ProductGridSkeleton } from '../components/product-card'
import { ErrorState } from '../components/status'

/** How many products a highlight shows. */
export const HIGHLIGHT_SIZE = 4

/** A section of the home page: a few products of `collection` and a link to all of them. */
export function CollectionHighlight({
  collection,
  title,
}: {
  collection: Collection
  title: string
}) {
  const products = useProducts({ collectionId: collection.id, limit: HIGHLIGHT_SIZE })
  const id = `section-${collection.slug}`
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id}>{title}</h2>
        <Link className="section__link" to={`/shop?collection=${collection.slug}`}>
          Shop all<span className="visually-hidden"> {collection.name}</span> →
        </Link>
      </div>
      {products.isPending ? (
        <ProductGridSkeleton count={HIGHLIGHT_SIZE} />
      ) : products.isError ? (
        <ErrorState error={products.error} retry={() => products.refetch()} />
      ) : (
        <ProductGrid products={products.data.items} />
      )}
    </section>
  )
}
