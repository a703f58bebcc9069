import type { Product } from '@vitrine/client'
import { useMerchantProducts } from '@vitrine/react'
import { useEffect, useState } from 'react'
import { Dialog } from './dialog'
import { currencyOf, thumbnailOf } from './format'
import { formatAmount } from '../lib/format'
import { Thumb } from './products-table'
import { ErrorState, Loading } from './states'

const PICKER_SIZE = 8

/**
 * A dialog to choose products by name: search, tick, add. Products already in the collection
 * `exclude` are shown as added.
 */
export function ProductPicker({
  open,
  title,
  exclude,
  pending,
  onPick,
  onClose,
}: {
  open: boolean
  title: string
  exclude: string
  pending: boolean
  onPick: (products: Product[]) => void
  onClose: () => void
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} size="large">
      {open && <PickerBody exclude={exclude} pending={pending} onPick={onPick} onClose={onClose} />}
    </Dialog>
  )
}

function PickerBody({
  exclude,
  pending,
  onPick,
  onClose,
}: {
  exclude: string
  pending: boolean
  onPick: (products: Product[]) => void
  onClose: () => void
}) {
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<Map<string, Product>>(new Map())
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim())
      setPage(1)
    }, 250)
    return () => clearTimeout(timer)
  }, [typed])
  const query = useMerchantProducts({
    ...(search ? { search } : {}),
    limit: PICKER_SIZE,
    offset: (page - 1) * PICKER_SIZE,
  })

  const toggle = (product: Product, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current)
      if (on) next.set(product.id, product)
      else next.delete(product.id)
      return next
    })

  const items = query.data?.items ?? []
  const total = query.data?.totalCount ?? 0
  return (
    <div className="adm-picker">
      <label htmlFor="picker-search" className="adm-field__label">
        Search products
      </label>
      <input
        id="picker-search"
        type="search"
        className="adm-input"
        value={typed}
        placeholder="Product name"
        onChange={(event) => setTyped(event.target.value)}
        data-autofocus
      />
      <div className="adm-picker__list" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <Loading label="Loading products…" />
        ) : query.isError && !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <p className="muted adm-picker__empty">No products match “{search}”.</p>
        ) : (
          <ul>
            {items.map((product) => {
              const inside = product.collectionIds?.includes(exclude) ?? false
              const id = `pick-${product.id}`
              return (
                <li key={product.id} className="adm-picker__item">
                  <input
                    id={id}
                    type="checkbox"
                    checked={inside || chosen.has(product.id)}
                    disabled={inside}
                    onChange={(event) => toggle(product, event.target.checked)}
                  />
                  <label htmlFor={id} className="adm-picker__label">
                    <Thumb src={thumbnailOf(product.media)} size={32} />
                    <span className="adm-picker__name">{product.name}</span>
                    <span className="muted">
                      {inside
                        ? 'Already added'
                        : formatAmount(product.priceData?.price, currencyOf(product))}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      {total > PICKER_SIZE && (
        <div className="adm-picker__paging">
          <button
            type="button"
            className="adm-button adm-button--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span className="muted">
            Page {page} of {Math.ceil(total / PICKER_SIZE)}
          </span>
          <button
            type="button"
            className="adm-button adm-button--small"
            disabled={page * PICKER_SIZE >= total}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </div>
      )}
      <div className="adm-dialog__footer adm-dialog__footer--inline">
        <span className="muted adm-picker__count" aria-live="polite">
          {chosen.size} selected
        </span>
        <button type="button" className="adm-button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="adm-button adm-button--primary"
          disabled={chosen.size === 0 || pending}
          onClick={() => onPick([...chosen.values()])}
        >
          {pending
            ? 'Adding…'
            : `Add ${chosen.size || ''} ${chosen.size === 1 ? 'product' : 'products'}`}
        </button>
      </div>
    </div>
  )
}
