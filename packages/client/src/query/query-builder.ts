import type { Endpoint } from '../http/endpoint.js'
import type { CallOptions, Http } from '../http/pipeline.js'
import type {
  Cursors,
  CursorPagingMetadata,
  Filter,
  PagingMetadata,
  Query,
  Search,
  Sorting,
} from './types.js'

/** A value that orders: numbers, strings (e.g. ISO dates) and `Date`s. */
export type Comparable = number | string | Date

/** One page of a query's results, with the way to the pages around it. */
export interface QueryResult<T> {
  /** The items of this page. */
  items: T[]
  /** Items in this page (`items.length`). */
  length: number
  /** Items in all pages (`metadata.total`); `undefined` when the server could not count them. */
  totalCount: number | undefined
  /** The page size asked for (`limit`). */
  pageSize: number
  /** The index of this page, from 0: `floor(offset / limit)`. */
  currentPage: number
  /** `ceil(totalCount / pageSize)`; `undefined` when the total is unknown. */
  totalPages: number | undefined
  /** Whether items follow this page. */
  hasNext(): boolean
  /** Whether items precede this page (its offset is above 0). */
  hasPrev(): boolean
  /** Fetches the page after this one. */
  next(): Promise<QueryResult<T>>
  /** Fetches the page before this one; the offset never goes below 0. */
  prev(): Promise<QueryResult<T>>
}

/**
 * The refinements every builder has (`B` is the builder itself): conditions, sort and page size.
 * Conditions on different fields merge into one filter object; two on one field merge their
 * operators, and a clash (e.g. `eq` then `gt`) is added to `$and`.
 */
export interface FilterBuilder<B> {
  /** `field` equals `value`: `{field: value}`. */
  eq(field: string, value: unknown): B
  /** `{field: {$ne: value}}`. */
  ne(field: string, value: unknown): B
  /** `{field: {$gt: value}}`. */
  gt(field: string, value: Comparable): B
  /** `{field: {$gte: value}}`. */
  ge(field: string, value: Comparable): B
  /** `{field: {$lt: value}}`. */
  lt(field: string, value: Comparable): B
  /** `{field: {$lte: value}}`. */
  le(field: string, value: Comparable): B
  /** `field` is one of `values`: `{field: {$in: values}}`. */
  in(field: string, values: unknown[]): B
  /** The array `field` holds at least one of `values`: `$hasSome`. */
  hasSome(field: string, values: unknown[]): B
  /** The array `field` holds all of `values`: `$hasAll`. */
  hasAll(field: string, values: unknown[]): B
  /** `{field: {$startsWith: value}}`. */
  startsWith(field: string, value: string): B
  /** `{field: {$endsWith: value}}`. */
  endsWith(field: string, value: string): B
  /** `{field: {$contains: value}}`. */
  contains(field: string, value: string): B
  /** `{field: {$exists: value}}` (default `true`). */
  exists(field: string, value?: boolean): B
  /** `from <= field < to`: `{field: {$gte: from, $lt: to}}`. */
  between(field: string, from: Comparable, to: Comparable): B
  /** `field` has no value: `{field: {$exists: false}}`. */
  isEmpty(field: string): B
  /** `field` has a value: `{field: {$exists: true}}`. */
  isNotEmpty(field: string): B
  /** Both this query's and `other`'s conditions: `{$and: [this, other]}`. */
  and(other: B): B
  /** Either this query's or `other`'s conditions: `{$or: [this, other]}`. */
  or(other: B): B
  /** This query's conditions and not `other`'s: adds `{$not: other}`. */
  not(other: B): B
  /** Sorts by `fields`, ascending, after any sort already set. */
  ascending(...fields: string[]): B
  /** Sorts by `fields`, descending, after any sort already set. */
  descending(...fields: string[]): B
  /** Page size (default 50); keeps the offset of an offset query. */
  limit(limit: number): B
}

/**
 * An immutable query with offset paging: every refinement returns a new builder, `find()` sends
 * it. Iterating it with `for await` walks every item of every page.
 *
 * @example
 * const page = await client.products.queryProducts().startsWith('name', 'a').gt('price', 5).find()
 * for await (const product of client.products.queryProducts().ascending('name')) show(product)
 */
export interface QueryBuilder<T> extends FilterBuilder<QueryBuilder<T>>, AsyncIterable<T> {
  /** The query this builder sends: `{filter, paging: {offset, limit}, sort?}`. */
  readonly query: Query
  /** Items to skip (default 0); keeps the page size. */
  skip(offset: number): QueryBuilder<T>
  /** Sends the query and resolves with the first page. */
  find(options?: CallOptions): Promise<QueryResult<T>>
}

/** One page of a cursor-paged search, with the way to the pages around it. */
export interface SearchResult<T> {
  /** The items of this page. */
  items: T[]
  /** Items in this page (`items.length`). */
  length: number
  /** The page size asked for (`limit`). */
  pageSize: number
  /** The cursors of the next and previous pages (`metadata.cursors`). */
  cursors: Cursors
  /** Whether items follow this page (`metadata.hasNext`, else a next cursor). */
  hasNext(): boolean
  /** Whether items precede this page (a previous cursor). */
  hasPrev(): boolean
  /** Fetches the page after this one; rejects with a `RangeError` on the last page. */
  next(): Promise<SearchResult<T>>
  /** Fetches the page before this one; rejects with a `RangeError` on the first page. */
  prev(): Promise<SearchResult<T>>
}

/**
 * An immutable search with cursor paging (`searchOrders()`): every refinement returns a new builder,
 * `find()` sends it. The pages after the first are asked for by cursor alone, as the provider's
 * client does (the cursor holds the filter and sort). `for await` walks every item of every page.
 *
 * @example
 * const page = await admin.orders.searchOrders().eq('buyerInfo.memberId', memberId).find()
 * const more = page.hasNext() ? await page.next() : undefined
 */
export interface SearchBuilder<T> extends FilterBuilder<SearchBuilder<T>>, AsyncIterable<T> {
  /** The search this builder sends: `{filter, sort?, cursorPaging: {limit}}`. */
  readonly search: Search
  /** Sends the search and resolves with the first page. */
  find(options?: CallOptions): Promise<SearchResult<T>>
}

/** A query written as an object: what a builder sends, as the official client's typed form takes it. */
export type QueryObject = Pick<Query, 'filter' | 'sort' | 'paging'>

/**
 * A module's query function (`queryProducts`, `queryCollections`). Without an argument it returns a
 * builder; with a query object it sends that query at once (the same request as the builder that
 * says the same) and resolves with the first page. A query object with any other key, or that is
 * not an object, is refused: nothing of it is ignored.
 *
 * @example
 * const page = await client.products.queryProducts({
 *   filter: { name: { $startsWith: 'Mug' } },
 *   sort: [{ fieldName: 'price', order: 'ASC' }],
 *   paging: { limit: 12 },
 * })
 */
export interface QueryFunction<T, K extends string = string> {
  (): QueryBuilder<T>
  (query: QueryObject, options?: CallOptions): Promise<QueryAnswer<T, K>>
}

/**
 * What a query given as an object resolves with: the answer as the official client gives it, the
 * items under their name (`products`) and `metadata`, and the first page's fields beside them.
 */
export type QueryAnswer<T, K extends string = string> = QueryResult<T> & {
  [P in K]: T[]
} & { metadata?: PagingMetadata }

/** Where a query is sent and where its response holds the items (`products`, `orders`, …). */
export interface QueryTarget {
  endpoint: Endpoint
  items: string
}

interface State {
  filter: Filter
  sort: Sorting[]
  offset: number
  limit: number
  /** The query object a caller gave, sent as it is (as the official client does). */
  given?: Query
}

/** The builder state a query object describes; throws a `TypeError` on anything else. */
function stateOf(query: QueryObject): State {
  const { filter = {}, sort = [], paging = {}, ...rest } = query
  const { limit = 50, offset = 0, ...more } = paging
  const wrong =
    typeof query != 'object' || typeof paging != 'object'
      ? 'not an object'
      : Object.keys({ ...rest, ...more })[0]
  if (wrong)
    throw new TypeError(
      `Invalid query (${wrong}): expected { filter?, sort?, paging?: { limit?, offset? } }.`,
    )
  return { filter, sort, offset, limit, given: query as Query }
}

/** The query function of `target`: a builder without an argument, else the query sent at once. */
export function queryFunction<T, K extends string>(
  http: Http,
  target: QueryTarget & { items: K },
): QueryFunction<T, K> {
  const send = async (query: QueryObject, options?: CallOptions) =>
    queryBuilder<T>(http, target, stateOf(query)).find(options)
  return ((...args: Parameters<typeof send>) =>
    args.length ? send(...args) : queryBuilder<T>(http, target)) as QueryFunction<T, K>
}

/**
 * A module's search function (`searchOrders`). Without an argument it returns a builder; with a
 * search object it sends `{search}` at once and resolves with the whole response (the items and
 * `metadata`, whose `cursors.next` is the next page's `cursorPaging.cursor`).
 *
 * @example
 * const { orders, metadata } = await admin.orders.searchOrders({
 *   filter: { paymentStatus: { $in: ['PAID'] } },
 *   sort: [{ fieldName: 'createdDate', order: 'DESC' }],
 *   cursorPaging: { limit: 20 },
 * })
 */
export interface SearchFunction<T, R> {
  (): SearchBuilder<T>
  (search: Search, options?: CallOptions): Promise<R>
}

/** The search function of `target`: a builder without an argument, else the search sent at once. */
export function searchFunction<T, R>(http: Http, target: QueryTarget): SearchFunction<T, R> {
  return ((search?: Search, options?: CallOptions) =>
    search === undefined
      ? searchBuilder<T>(http, target)
      : http.call(target.endpoint, { search }, options)) as SearchFunction<T, R>
}

const OPERATORS = {
  ne: '$ne',
  gt: '$gt',
  ge: '$gte',
  lt: '$lt',
  le: '$lte',
  in: '$in',
  hasSome: '$hasSome',
  hasAll: '$hasAll',
  startsWith: '$startsWith',
  endsWith: '$endsWith',
  contains: '$contains',
}

const isOperators = (value: unknown): value is Filter => {
  const keys = value !== null && typeof value === 'object' ? Object.keys(value) : []
  return keys.length > 0 && keys.every((key) => key.startsWith('$'))
}

/** Adds `{field: value}` to `filter`, merging operator objects or, on a clash, using `$and`. */
function addCondition(filter: Filter, field: string, value: unknown, merge = true): Filter {
  const current = filter[field]
  if (current === undefined) return { ...filter, [field]: value }
  if (merge && isOperators(current) && isOperators(value)) {
    if (!Object.keys(value).some((op) => op in current)) {
      return { ...filter, [field]: { ...current, ...value } }
    }
  }
  const and = Array.isArray(filter.$and) ? filter.$and : []
  return { ...filter, $and: [...and, { [field]: value }] }
}

/**
 * The refinements of a builder in `state`: each makes the next builder with `change`. `filterOf`
 * reads another builder's filter (for `and`, `or`, `not`).
 */
function refinements<B>(
  state: State,
  change: (next: Partial<State>) => B,
  filterOf: (other: B) => Filter | undefined,
): FilterBuilder<B> {
  const where = (field: string, value: unknown, merge?: boolean) =>
    change({ filter: addCondition(state.filter, field, value, merge) })
  const combine = (op: string, other: B) =>
    change({ filter: { [op]: [state.filter, filterOf(other)] } })
  const sortBy = (order: 'ASC' | 'DESC', fields: string[]) =>
    change({ sort: [...state.sort, ...fields.map((fieldName) => ({ fieldName, order }))] })
  const operators = Object.fromEntries(
    Object.entries(OPERATORS).map(([name, op]) => [
      name,
      (field: string, value: unknown) => where(field, { [op]: value }),
    ]),
  )
  return {
    ...(operators as Pick<FilterBuilder<B>, keyof typeof OPERATORS>),
    eq: where,
    exists: (field, value = true) => where(field, { $exists: value }),
    between: (field, from, to) => where(field, { $gte: from, $lt: to }),
    isEmpty: (field) => where(field, { $exists: false }),
    isNotEmpty: (field) => where(field, { $exists: true }),
    and: (other) => combine('$and', other),
    or: (other) => combine('$or', other),
    not: (other) => where('$not', filterOf(other), false),
    ascending: (...fields) => sortBy('ASC', fields),
    descending: (...fields) => sortBy('DESC', fields),
    limit: (limit) => change({ limit }),
  }
}

/** What walking the pages needs of a page: its items and the way to the next one. */
interface Page<T> {
  items: T[]
  hasNext(): boolean
  next(): Promise<Page<T>>
}

/** Every item of every page, from the first page that `find` resolves with. */
async function* walk<T>(find: () => Promise<Page<T>>) {
  for (let page = await find(); ; page = await page.next()) {
    yield* page.items
    if (!page.hasNext()) return
  }
}

const INITIAL: State = { filter: {}, sort: [], offset: 0, limit: 50 }

/**
 * Creates a query builder that sends `{query}` to `target.endpoint` and reads its pages from
 * `target.items` and `metadata` `{count, offset, total}`.
 */
export function queryBuilder<T>(
  http: Http,
  target: QueryTarget,
  state: State = INITIAL,
): QueryBuilder<T> {
  const change = (next: Partial<State>) =>
    queryBuilder<T>(http, target, { ...state, given: undefined, ...next })
  const { filter, sort, offset, limit, given } = state
  const query: Query = given ?? {
    filter,
    paging: { offset, limit },
    ...(sort.length ? { sort } : {}),
  }

  const find = async (options?: CallOptions): Promise<QueryResult<T>> => {
    const response = await http.call<Record<string, unknown>>(target.endpoint, { query }, options)
    const items = (response[target.items] ?? []) as T[]
    const { total, tooManyToCount } = (response.metadata ?? {}) as PagingMetadata
    const end = offset + items.length
    const counted = tooManyToCount ? undefined : total
    return {
      // Given a query object, the answer as the official client resolves it, too.
      ...(given && { [target.items]: items, metadata: response.metadata }),
      items,
      length: items.length,
      totalCount: total,
      pageSize: limit,
      currentPage: Math.floor(offset / limit),
      totalPages: total === undefined ? undefined : Math.ceil(total / limit),
      // An empty page ends the walk even if the total promises more.
      hasNext: () =>
        items.length > 0 && (counted === undefined ? items.length >= limit : end < counted),
      hasPrev: () => offset > 0,
      next: () => builder.skip(end).find(options),
      prev: () => builder.skip(Math.max(0, offset - limit)).find(options),
    }
  }

  const builder: QueryBuilder<T> = {
    ...refinements(state, change, (other) => other.query.filter),
    query,
    skip: (offset) => change({ offset }),
    find,
    [Symbol.asyncIterator]: () => walk(find),
  }
  return builder
}

/**
 * Creates a search builder that sends `{search}` to `target.endpoint` and reads its pages from
 * `target.items` and `metadata` `{count, cursors, hasNext}`; a page after the first sends only
 * `{cursorPaging: {limit, cursor}}`.
 */
export function searchBuilder<T>(
  http: Http,
  target: QueryTarget,
  state: State = INITIAL,
): SearchBuilder<T> {
  const change = (next: Partial<State>) => searchBuilder<T>(http, target, { ...state, ...next })
  const { filter, sort, limit } = state
  const search: Search = { filter, ...(sort.length ? { sort } : {}), cursorPaging: { limit } }

  const page = async (search: Search, options?: CallOptions): Promise<SearchResult<T>> => {
    const response = await http.call<Record<string, unknown>>(target.endpoint, { search }, options)
    const items = (response[target.items] ?? []) as T[]
    const { cursors = {}, hasNext } = (response.metadata ?? {}) as CursorPagingMetadata
    const to = (cursor: string | undefined, end: string) =>
      cursor
        ? page({ cursorPaging: { limit, cursor } }, options)
        : Promise.reject(new RangeError(`This is the ${end} page.`))
    return {
      items,
      length: items.length,
      pageSize: limit,
      cursors,
      hasNext: () => hasNext ?? !!cursors.next,
      hasPrev: () => !!cursors.prev,
      next: () => to(cursors.next, 'last'),
      prev: () => to(cursors.prev, 'first'),
    }
  }
  const find = (options?: CallOptions) => page(search, options)

  return {
    ...refinements(state, change, (other) => other.search.filter),
    search,
    find,
    [Symbol.asyncIterator]: () => walk(find),
  }
}
