import { isApiError } from '@vitrine/client'
import { describeError } from '@vitrine/react'
import type { ReactNode } from 'react'
import { useAdminSession } from './session'

/** A placeholder while something loads, announced to screen readers. */
export function Loading({ label = 'Loading…', rows = 0 }: { label?: string; rows?: number }) {
  return (
    <div className="adm-loading" role="status" aria-live="polite">
      <span className="adm-spinner" aria-hidden="true" />
      <span>{label}</span>
      {rows > 0 && (
        <div className="adm-skeleton" aria-hidden="true">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="adm-skeleton__row" />
          ))}
        </div>
      )}
    </div>
  )
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="adm-empty-state">
      <div className="adm-empty-state__art" aria-hidden="true" />
      <h2 className="adm-empty-state__title">{title}</h2>
      {children && <p className="adm-empty-state__text">{children}</p>}
      {action}
    </div>
  )
}

/** What went wrong with a form or an action, announced where it happened. */
export function InlineError({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p className="adm-inline-error" role="alert">
      {message}
    </p>
  )
}

/** True when the platform refused the admin key (revoked or changed since sign-in). */
export const isKeyRefused = (error: unknown): boolean => isApiError(error) && error.status === 401

/**
 * A read that failed: what happened in words, and a way on (try again, or sign in again when the
 * key was refused).
 */
export function ErrorState({
  error,
  title = 'This could not be loaded',
  onRetry,
}: {
  error: unknown
  title?: string
  onRetry?: () => void
}) {
  const session = useAdminSession()
  const refused = isKeyRefused(error)
  return (
    <div className="adm-error-state" role="alert">
      <h2 className="adm-error-state__title">{title}</h2>
      <p>{describeError(error)}</p>
      <div className="adm-error-state__actions">
        {refused ? (
          <button
            type="button"
            className="adm-button adm-button--primary"
            onClick={() =>
              session.signOut('Your session ended or its key was refused. Sign in again.')
            }
          >
            Sign in again
          </button>
        ) : (
          onRetry && (
            <button type="button" className="adm-button" onClick={onRetry}>
              Try again
            </button>
          )
        )}
      </div>
    </div>
  )
}
