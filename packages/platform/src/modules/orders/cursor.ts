import { checkJson } from '../../http/json-bounds.js'
import { PlatformError } from '../../http/platform-error.js'

/** The sort values of one order, in the order of the search's sort keys (the tiebreak last). */
export type Position = (string | number)[]

/** What a cursor carries: the whole search, and where its page starts. */
export interface CursorState {
  filter: Record<string, unknown>
  sort: unknown[]
  /** `next`: the orders after `position`; `prev`: the ones before it. */
  direction: 'next' | 'prev'
  position: Position
}

/** The longest cursor a search takes back (wire-orders-members §1.2). */
export const MAX_CURSOR_LENGTH = 16000
/** The longest text a position holds (ISO dates, statuses, e-mails are far shorter). */
const MAX_VALUE_LENGTH = 1000
const FIELD = 'search.cursorPaging.cursor'

const invalid = (): never => {
  throw PlatformError.invalid(FIELD, 'is not a cursor of an order search', 'FORMAT')
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const isValue = (value: unknown) =>
  (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) ||
  (typeof value === 'number' && Number.isFinite(value))

/**
 * `state` as an opaque cursor: base64url of its JSON. A search whose filter is too large for
 * a cursor of {@link MAX_CURSOR_LENGTH} characters cannot be paged: a 400 naming the filter.
 */
export function encodeCursor(state: CursorState): string {
  const { filter, sort, direction, position } = state
  const json = JSON.stringify({
    f: filter,
    s: sort,
    d: direction === 'next' ? 'n' : 'p',
    p: position,
  })
  const cursor = Buffer.from(json, 'utf8').toString('base64url')
  if (cursor.length > MAX_CURSOR_LENGTH)
    throw PlatformError.invalid(
      'search.filter',
      `is too large to page through (its cursor would pass ${MAX_CURSOR_LENGTH} characters): narrow it`,
      'MAX_SIZE',
    )
  return cursor
}

/**
 * The search a cursor carries, its shape checked (any mistake: a 400 naming the cursor); its
 * filter and sort are then parsed like a new search's.
 */
export function decodeCursor(cursor: string): CursorState {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return invalid()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    checkJson(value)
  } catch {
    return invalid()
  }
  if (!isObject(value) || !isObject(value.f) || !Array.isArray(value.s)) return invalid()
  const { f, s, d, p } = value as {
    f: Record<string, unknown>
    s: unknown[]
    d: unknown
    p: unknown
  }
  if ((d !== 'n' && d !== 'p') || !Array.isArray(p) || p.length === 0 || !p.every(isValue))
    return invalid()
  return { filter: f, sort: s, direction: d === 'n' ? 'next' : 'prev', position: p as Position }
}
