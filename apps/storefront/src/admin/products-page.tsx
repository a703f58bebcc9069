import type { Product } from '@vitrine/client'
import { useDeleteProduct, useMerchantProducts } from '@vitrine/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { BulkDialog, type BulkMode } from './bulk-dialog'
import { ConfirmDialog } from './dialog'
import { SearchBox, ToolbarSelect, useListParams } from './list-toolbar'
import { PageHeader } from './page-header'
import { Pager } from './pager'
import { ProductsTable } from './products-table'
import { EmptyState, ErrorState, Loading } from './states'
import { useToast } from './toasts'

/** Products per page of the list. */
export const PAGE_SIZE = 20

const SORTS = [
  { value: '', label: 'Date added' },
  { value: 'name-asc', label: 'Name, A–Z' },
  { value: 'name-desc', label: 'Name, Z–A' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
] as const

type Sort = Exclude<(typeof SORTS)[number]['value'], ''>

/** The product list: search, sort, paging, selection for bulk changes, and delete. */
export function ProductsPage() {
  const [params, update] = useListParams()
  const search = params.get('q') ?? ''
  const sort = (SORTS.find((s) => s.value === params.get('sort'))?.value ?? '') as Sort | ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [bulk, setBulk] = useState<BulkMode | null>(null)
  const [doomed, setDoomed] = useState<Product | null>(null)
  const toast = useToast()
  const remove = useDeleteProduct()

  const query = useMerchantProducts({
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })

  const data = query.data
  const items = data?.items ?? []

  async function confirmDelete() {
    if (!doomed) return
    await remove.mutateAsync({ id: doomed.id })
    toast.success(`Deleted “${doomed.name}”.`)
    setSelected((current) => without(current, [doomed.id]))
    setDoomed(null)
  }

  return (
    <>
      <PageHeader
        title="Products"
        meta={data ? `${data.totalCount} ${data.totalCount === 1 ? 'product' : 'products'}` : null}
        actions={
          <Link to="/admin/products/new" className="adm-button adm-button--primary">
            <span aria-hidden="true">+</span> Add product
          </Link>
        }
      />

      <div className="adm-panel">
        <div className="adm-toolbar" role="search">
          <SearchBox
            id="product-search"
            label="Search products by name"
            placeholder="Search products"
            value={search}
            onSearch={(text) => update({ q: text || null, page: null })}
          />
          <ToolbarSelect
            id="product-sort"
            label="Sort"
            value={sort}
            options={SORTS}
            onValue={(value) => update({ sort: value || null, page: null })}
          />
        </div>

        {selected.size > 0 && (
          <div className="adm-bulk-bar" role="region" aria-label="Bulk actions">
            <strong>
              {selected.size} {selected.size === 1 ? 'product' : 'products'} selected
            </strong>
            <div className="adm-bulk-bar__actions">
              <button type="button" className="adm-button" onClick={() => setBulk('set')}>
                Set price, cost or weight…
              </button>
              <button type="button" className="adm-button" onClick={() => setBulk('adjust')}>
                Adjust by amount or %…
              </button>
              <button
                type="button"
                className="adm-button adm-button--ghost"
                onClick={() => setSelected(new Set())}
              >
                Clear selection
              </button>
            </div>
          </div>
        )}

        {query.isPending ? (
          <Loading label="Loading products…" rows={6} />
        ) : query.isError && !data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          search ? (
            <EmptyState
              title={`No products match “${search}”`}
              action={
                <button
                  type="button"
                  className="adm-button"
                  onClick={() => update({ q: null, page: null })}
                >
                  Clear search
                </button>
              }
            >
              Try another name, or check the spelling.
            </EmptyState>
          ) : (
            <EmptyState
              title={page > 1 ? 'This page is empty' : 'No products yet'}
              action={
                page > 1 ? (
                  <button
                    type="button"
                    className="adm-button"
                    onClick={() => update({ page: null })}
                  >
                    Go to the first page
                  </button>
                ) : (
                  <Link to="/admin/products/new" className="adm-button adm-button--primary">
                    Add your first product
                  </Link>
                )
              }
            >
              {page > 1 ? null : 'Products you add appear here and in the shop.'}
            </EmptyState>
          )
        ) : (
          <>
            <ProductsTable
              products={items}
              busy={query.isPlaceholderData || query.isFetching}
              selected={selected}
              onSelect={(ids, on) =>
                setSelected((current) =>
                  on ? new Set([...current, ...ids]) : without(current, ids),
                )
              }
              onDelete={setDoomed}
            />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data!.totalCount}
              label="Products pages"
              onPage={(next) => update({ page: next === 1 ? null : String(next) })}
            />
          </>
        )}
      </div>

      <BulkDialog
        mode={bulk}
        productIds={[...selected]}
        onClose={() => setBulk(null)}
        onDone={() => {
          setBulk(null)
          setSelected(new Set())
        }}
      />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete product?"
        message={
          <>
            “{doomed?.name}” will be removed from the catalog and from every collection. This cannot
            be undone.
          </>
        }
        confirmLabel="Delete product"
        mutation={remove}
        onConfirm={confirmDelete}
        onClose={() => setDoomed(null)}
      />
    </>
  )
}

const without = (set: ReadonlySet<string>, ids: string[]): Set<string> => {
  const next = new Set(set)
  for (const id of ids) next.delete(id)
  return next
}
