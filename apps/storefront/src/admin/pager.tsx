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
