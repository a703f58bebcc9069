import { Link } from 'react-router'

/** The page numbers to show: all when few, else the first, the last and the current's neighbours. */
export function pageNumbers(current: number, count: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = []
  for (let page = 1; page <= count; page++) {
    if (page === 1 || page === count || Math.abs(page - current) <= 1) pages.push(page)
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap')
  }
  return pages
}

/** Page links of a list; `href(page)` is each page's URL. Nothing when there is only one page. */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number
  pageCount: number
  href: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 && (
        <Link className="button button--ghost" to={href(page - 1)} rel="prev">
          ← Previous
        </Link>
      )}
      <ol>
        {pageNumbers(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination__page">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__page"
                to={href(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount && (
        <Link className="button button--ghost" to={href(page + 1)} rel="next">
          Next →
        </Link>
      )}
    </nav>
  )
}
