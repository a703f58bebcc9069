import type { ReactNode } from 'react'
import { describeError } from '@vitrine/react'

/** A whole area that could not load: what went wrong and a way to try again. */
export function ErrorState({
  error,
  title = 'Something went wrong',
  retry,
}: {
  error: unknown
  title?: string
  retry?: () => void
}) {
  return (
    <div className="state" role="alert">
      <p className="state__title">{title}</p>
      <p className="state__text">{describeError(error)}</p>
      {retry && (
        <div className="state__actions">
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </div>
  )
}

/** Nothing to show yet: a title, a line of text and what to do next. */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string
  children?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="state">
      <p className="state__title">{title}</p>
      {children && <p className="state__text">{children}</p>}
      {actions && <div className="state__actions">{actions}</div>}
    </div>
  )
}

/** A spinner for a busy button or a loading area; `label` is read out by screen readers. */
export function Spinner({ label }: { label?: string }) {
  return (
    <>
      <span className="spinner" aria-hidden="true" />
      {label && <span className="visually-hidden">{label}</span>}
    </>
  )
}

/** A loading area: a spinner and its label, announced politely. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state" role="status">
      <Spinner />
      <p className="state__text">{label}</p>
    </div>
  )
}
