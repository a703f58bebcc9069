/** "21–40 of 57" with previous and next buttons. */
export function Pager({
  page,
  pageSize,
  total,
  label,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  label: string
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav className="adm-pager" aria-label={label}>
      <p className="adm-pager__status">
        {first}–{last} of {total}
      </p>
      <div className="adm-pager__buttons">
        <button
          type="button"
          className="adm-button adm-button--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <span aria-hidden="true">‹</span> Previous
        </button>
        <span className="adm-pager__page">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="adm-button adm-button--small"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
    </nav>
  )
}

/**
 * "Showing 40 orders" and a button for the next page of a list paged by cursor (whose total is
 * unknown), disabled while that page loads.
 */
export function LoadMore({
  shown,
  noun,
  hasMore,
  loading,
  onMore,
}: {
  shown: number
  /** What the list holds, singular and plural: `['order', 'orders']`. */
  noun: readonly [string, string]
  hasMore: boolean
  loading: boolean
  onMore: () => void
}) {
  return (
    <nav className="adm-pager" aria-label={`More ${noun[1]}`}>
      <p className="adm-pager__status" role="status">
        {hasMore || shown === 1
          ? `Showing ${shown} ${shown === 1 ? noun[0] : noun[1]}`
          : `Showing all ${shown} ${noun[1]}`}
      </p>
      {hasMore && (
        <button
          type="button"
          className="adm-button adm-button--small"
          disabled={loading}
          onClick={onMore}
        >
          {loading ? 'Loading…' : `Load more ${noun[1]}`}
        </button>
      )}
    </nav>
  )
}
