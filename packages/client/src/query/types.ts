/**
 * Wire types of queries and searches (the provider's API query language): the same filter and sort
 * for every resource; offset paging for the catalog, cursor paging for orders.
 */

import type { SortOrder } from '../enums/catalog.js'

/** A filter: `{field: value}` or `{field: {$op: value}}`, combined with `$and`/`$or`/`$not`. */
export type Filter = Record<string, unknown>

/** Sort by one field. */
export interface Sorting {
  fieldName: string
  order?: SortOrder
}

/** Offset paging. The default is `{offset: 0, limit: 50}`. */
export interface Paging {
  offset?: number
  limit?: number
}

/** Cursor paging: the first page without `cursor`, the others with a cursor of the page before. */
export interface CursorPaging {
  limit?: number
  /** `metadata.cursors.next` (or `.prev`) of a page. */
  cursor?: string
}

/** A query as the wire carries it (`filter` is an object, not a string). */
export interface Query {
  filter?: Filter
  paging?: Paging
  cursorPaging?: CursorPaging
  sort?: Sorting[]
}

/**
 * A search as the wire carries it (searchOrders): a filter and a sort for the first page, then only
 * the cursor of the page before (the cursor holds the filter and sort).
 */
export interface Search {
  filter?: Filter
  sort?: Sorting[]
  cursorPaging?: CursorPaging
}

/** Paging metadata of products, collections and store-variant queries. */
export interface PagingMetadata {
  /** Items in this page. */
  count?: number
  offset?: number
  /** Items in all pages; absent when there are too many to count. */
  total?: number
  tooManyToCount?: boolean
  cursors?: Cursors
}

/** The cursors of the pages around a page; absent at either end. */
export interface Cursors {
  next?: string
  prev?: string
}

/** Paging metadata of a cursor-paged search. */
export interface CursorPagingMetadata {
  /** Items in this page. */
  count?: number
  cursors?: Cursors
  /** Whether items follow this page. */
  hasNext?: boolean
}
