import type { ProductListParams } from '@vitrine/react'

/** Products per catalog page. */
export const PAGE_SIZE = 12

/** The sort orders of the catalog, as the URL and `useProducts` spell them, with their labels. */
export const SORTS = [
  { value: 'name-asc', label: 'Name: A to Z' },
  { value: 'name-desc', label: 'Name: Z to A' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const

/** A sort order of the catalog. */
export type Sort = (typeof SORTS)[number]['value']

/** What the catalog's URL says: `?collection=<slug>&q=<text>&sort=<sort>&page=<n>`. */
export interface CatalogState {
  collection?: string
  search: string
  sort?: Sort
  page: number
}

const isSort = (value: string | null): value is Sort => SORTS.some((sort) => sort.value === value)

/** The longest search the catalog takes (longer ones are cut). */
export const MAX_SEARCH = 100

/** Reads the catalog's state from its search params; anything malformed falls back to a default. */
export function readCatalogState(params: URLSearchParams): CatalogState {
  const page = Number(params.get('page'))
  const sort = params.get('sort')
  return {
    collection: params.get('collection') || undefined,
    search: params.get('q')?.trim().slice(0, MAX_SEARCH).trim() ?? '',
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The search params of a catalog state; defaults are left out so URLs stay short. */
export function writeCatalogState(state: CatalogState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.collection) params.set('collection', state.collection)
  if (state.search) params.set('q', state.search)
  if (state.sort) params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  return params
}

/** The `useProducts` params of a catalog state, with the collection's id once it is known. */
export function productListParams(state: CatalogState, collectionId?: string): ProductListParams {
  return {
    ...(collectionId && { collectionId }),
    ...(state.search && { search: state.search }),
    ...(state.sort && { sort: state.sort }),
    limit: PAGE_SIZE,
    offset: (state.page - 1) * PAGE_SIZE,
  }
}
