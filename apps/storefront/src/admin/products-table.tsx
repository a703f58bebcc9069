import type { Product } from '@vitrine/client'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { currencyOf, stockLabel, thumbnailOf } from './format'
import { formatAmount } from '../lib/format'
import { RowActions } from './row-actions'
import { VisibilityBadge } from './visibility'

/** The price column: the range of a product whose variants differ, and the discount. */
function Price({ product }: { product: Product }) {
  const currency = currencyOf(product)
  const price = product.priceData?.price
  const discounted = product.priceData?.discountedPrice
  const range = product.priceRange
  if (range && range.minValue !== undefined && range.minValue !== range.maxValue)
    return (
      <span>
        {formatAmount(range.minValue, currency)} – {formatAmount(range.maxValue, currency)}
      </span>
    )
  if (discounted !== undefined && price !== undefined && discounted < price)
    return (
      <span className="adm-price">
        <span className="adm-price__now">{formatAmount(discounted, currency)}</span>{' '}
        <s className="adm-price__was">
          <span className="visually-hidden">was </span>
          {formatAmount(price, currency)}
        </s>
      </span>
    )
  return <span>{formatAmount(price, currency)}</span>
}

/** A small square picture, or a neutral tile when the product has none. */
export function Thumb({ src, size = 40 }: { src?: string; size?: number }) {
  return src ? (
    <img className="adm-thumb" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="adm-thumb adm-thumb--empty"
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  )
}

/** The product list as a table, with a checkbox per row for bulk changes. */
export function ProductsTable({
  products,
  busy,
  selected,
  onSelect,
  onDelete,
}: {
  products: Product[]
  busy: boolean
  selected: ReadonlySet<string>
  onSelect: (ids: string[], on: boolean) => void
  onDelete: (product: Product) => void
}) {
  const ids = products.map((product) => product.id)
  const chosen = ids.filter((id) => selected.has(id)).length
  const all = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < ids.length
  }, [chosen, ids.length])

  return (
    <div className="adm-table-wrap" aria-busy={busy || undefined}>
      <table className="adm-table">
        <caption className="visually-hidden">Products</caption>
        <thead>
          <tr>
            <th scope="col" className="adm-table__check">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all products on this page"
                checked={chosen > 0 && chosen === ids.length}
                onChange={(event) => onSelect(ids, event.target.checked)}
              />
            </th>
            <th scope="col">Product</th>
            <th scope="col" className="adm-col-wide">
              Status
            </th>
            <th scope="col" className="adm-table__num">
              Price
            </th>
            <th scope="col" className="adm-col-optional">
              Stock
            </th>
            <th scope="col" className="adm-table__actions adm-col-wide">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const stock = stockLabel(product)
            return (
              <tr
                key={product.id}
                className={selected.has(product.id) ? 'adm-is-selected' : undefined}
              >
                <td className="adm-table__check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${product.name}`}
                    checked={selected.has(product.id)}
                    onChange={(event) => onSelect([product.id], event.target.checked)}
                  />
                </td>
                <td>
                  <div className="adm-product-cell">
                    <Thumb src={thumbnailOf(product.media)} />
                    <div>
                      <Link to={`/admin/products/${product.id}`} className="adm-product-cell__name">
                        {product.name}
                      </Link>
                      <div className="adm-product-cell__meta">
                        {[product.sku && `SKU ${product.sku}`, product.brand, product.ribbon]
                          .filter(Boolean)
                          .join(' · ') || (product.productType === 'digital' ? 'Digital' : '')}
                      </div>
                      {product.visible === false && (
                        <VisibilityBadge visible={false} className="adm-only-narrow" />
                      )}
                    </div>
                  </div>
                </td>
                <td className="adm-col-wide">
                  <VisibilityBadge visible={product.visible} />
                </td>
                <td className="adm-table__num">
                  <Price product={product} />
                </td>
                <td className="adm-col-optional">
                  <span className={`adm-stock adm-stock--${stock.tone}`}>{stock.text}</span>
                </td>
                <RowActions
                  to={`/admin/products/${product.id}`}
                  name={product.name}
                  onDelete={() => onDelete(product)}
                />
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
