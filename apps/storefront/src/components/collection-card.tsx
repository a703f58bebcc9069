import type { Collection } from '@vitrine/client'
import { Link } from 'react-router'
import { mainPicture } from '../lib/media'

/** A collection as a picture tile linking to the catalog filtered by it. */
export function CollectionCard({ collection }: { collection: Collection }) {
  const picture = mainPicture(collection)
  return (
    <Link className="collection-card" to={`/shop?collection=${collection.slug}`}>
      {picture && (
        <img
          src={picture.url}
          alt=""
          width={picture.width}
          height={picture.height}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className="collection-card__text">
        <span className="collection-card__name">{collection.name}</span>
        {collection.numberOfProducts !== undefined && (
          <span className="collection-card__count">
            {collection.numberOfProducts}{' '}
            {collection.numberOfProducts === 1 ? 'product' : 'products'}
          </span>
        )}
      </span>
    </Link>
  )
}
