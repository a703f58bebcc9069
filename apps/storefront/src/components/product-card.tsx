import type { Product } from '@vitrine/client'
import { Link } from 'react-router'
import { mainPicture, swatchesOf } from '../lib/media'
import { NoPicture } from './no-picture'
import { Price } from './price'

/** The ribbon of a product ("New", "Sale"), styled by what it says. */
export function Ribbon({ text }: { text: string | undefined }) {
  if (!text) return null
  return <span className={`ribbon${/sale/i.test(text) ? ' ribbon--sale' : ''}`}>{text}</span>
}

/**
 * A product in a grid: picture, ribbon, brand, name (the link), price and colours. An `eager`
 * picture loads at once; a `priority` one is fetched before the others (the page's largest paint).
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: Product
  eager?: boolean
  priority?: boolean
}) {
  const picture = mainPicture(product)
  const swatches = swatchesOf(product)
  const soldOut = product.stock?.inStock === false
  return (
    <article className="product-card">
      <div className="product-card__media">
        {picture ? (
          <img
            src={picture.url}
            alt=""
            width={picture.width}
            height={picture.height}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <NoPicture />
        )}
        <span className="product-card__ribbon">
          <Ribbon text={soldOut ? 'Sold out' : (product.ribbon ?? product.ribbons?.[0]?.text)} />
        </span>
      </div>
      <div className="product-card__body">
        {product.brand && <p className="product-card__brand">{product.brand}</p>}
        <h3 className="product-card__name">
          <Link className="product-card__link" to={`/products/${product.slug}`}>
            {product.name}
          </Link>
        </h3>
        <p className="product-card__price">
          <Price price={product.priceData ?? product.price} range={product.priceRange} />
        </p>
        {swatches.length > 1 && (
          <p className="product-card__swatches">
            <span className="visually-hidden">{swatches.length} colours</span>
            {swatches.map((colour) => (
              <span key={colour} style={{ background: colour }} aria-hidden="true" />
            ))}
          </p>
        )}
      </div>
    </article>
  )
}

/**
 * A grid of product cards; the first `eager` pictures load at once (above the fold), the very first
 * before anything else the page shows.
 */
export function ProductGrid({
  products,
  eager = 0,
  label,
}: {
  products: Product[]
  eager?: number
  label?: string
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            eager={index < eager}
            priority={index === 0 && eager > 0}
          />
        </li>
      ))}
    </ul>
  )
}

/** The grid's placeholder while products load. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="product-card product-card--skeleton">
          <div className="product-card__media skeleton" />
          <div className="skeleton" style={{ height: '1rem', width: '70%' }} />
          <div className="skeleton" style={{ height: '0.875rem', width: '35%' }} />
        </li>
      ))}
    </ul>
  )
}
