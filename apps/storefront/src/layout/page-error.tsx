import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorState } from '../components/status'
import type { Missing } from '../lib/page-data'
import { OrderNotFound } from '../orders/order-states'
import { NotFoundContent } from '../pages/not-found-content'

/**
 * A page's error boundary, inside the shop's frame: "not found" for a 404 (a page, product,
 * collection or order that does not exist, or someone else's order), else what went wrong with a
 * way to try again.
 */
export function PageError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    const what = (error.data as Missing | undefined)?.what
    return (
      <div className="container">
        {what === 'order' ? <OrderNotFound /> : <NotFoundContent what={what} />}
      </div>
    )
  }
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
