import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorState } from '../components/status'
import type { Missing } from '../lib/page-data'
import { NotFoundContent } from '../pages/not-found-content'

/**
 * A page's error boundary, inside the shop's frame: "not found" for a 404 (a page, product or
 * collection that does not exist), else what went wrong with a way to try again.
 */
export function PageError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <div className="container">
        <NotFoundContent what={(error.data as Missing | undefined)?.what} />
      </div>
    )
  return (
    <div className="container">
      <ErrorState
        error={error}
        title="This page could not be shown"
        retry={() => window.location.reload()}
      />
    </div>
  )
}
