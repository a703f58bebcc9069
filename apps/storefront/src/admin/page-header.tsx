import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * A page's title bar: breadcrumb, heading and actions. The heading takes focus when the page
 * opens, so keyboard and screen-reader users start at the new page, and sets the tab's title.
 */
export function PageHeader({
  title,
  back,
  actions,
  meta,
}: {
  title: string
  back?: { to: string; label: string }
  actions?: ReactNode
  meta?: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · Vitrine admin`
  }, [title])
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [])
  return (
    <div className="adm-page-header">
      <div className="adm-page-header__text">
        {back && (
          <Link to={back.to} className="adm-page-header__back">
            <span aria-hidden="true">←</span> {back.label}
          </Link>
        )}
        <h1 ref={heading} tabIndex={-1} className="adm-page-header__title">
          {title}
        </h1>
        {meta && <div className="adm-page-header__meta">{meta}</div>}
      </div>
      {actions && <div className="adm-page-header__actions">{actions}</div>}
    </div>
  )
}
