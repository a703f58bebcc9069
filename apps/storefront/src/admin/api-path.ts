/**
 * The platform's APIs the console uses: the catalog, read and written; the orders, searched, read
 * and canceled; and an order's fulfillments, listed and created.
 */
const ALLOWED = [
  'stores/v1/',
  'stores-reader/v1/',
  'v2/collections/',
  'ecom/v1/orders/',
  'ecom/v1/fulfillments/orders/',
]

/** The console's calls, under the shop's own path. */
const PREFIX = '/admin/api/'

/** A segment decoded once; `undefined` for one that is not plain (traversal, encoded tricks). */
function plainSegment(raw: string): string | undefined {
  let segment: string
  try {
    segment = decodeURIComponent(raw)
  } catch {
    return undefined // not UTF-8 (`%c0%ae`): no path of ours
  }
  // Dot-segments, separators in any form, a `%` left over (double encoding), control characters.
  if (segment === '' || segment === '.' || segment === '..') return undefined
  if (/[/\\%]/.test(segment) || [...segment].some((c) => c < ' ' || c === '\u007f'))
    return undefined
  return segment
}

/**
 * The platform path of a console call (`pathname`, as the request's URL has it, e.g.
 * `/admin/api/stores/v1/products/p1`), or `undefined` when it is not one of the console's APIs.
 * One rule, in this order: split into segments, decode each once, refuse any that is or hides a
 * dot-segment or a separator, then check the allow-list on the decoded path, and answer the
 * segments encoded again — so what reaches the platform is exactly what was checked.
 */
export function consoleApiPath(pathname: string): string | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined
  const segments = pathname.slice(PREFIX.length).split('/').map(plainSegment)
  if (segments.some((segment) => segment === undefined)) return undefined
  const decoded = segments.join('/')
  if (!ALLOWED.some((prefix) => decoded.startsWith(prefix))) return undefined
  return segments.map((segment) => encodeURIComponent(segment!)).join('/')
}
