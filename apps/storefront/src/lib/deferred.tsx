import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query'
import { Suspense, type ReactNode } from 'react'
import { Await } from 'react-router'

/**
 * A part of a page whose data the server streams after the page (a loader's promise of query
 * state): `fallback` shows until it arrives, then `children` render from it. Without a promise
 * (a navigation in the browser) `children` render at once and fetch what they need.
 */
export function Deferred({
  state,
  fallback = null,
  children,
}: {
  state: Promise<DehydratedState | undefined> | undefined
  fallback?: ReactNode
  children: ReactNode
}) {
  if (!state) return children
  return (
    <Suspense fallback={fallback}>
      <Await resolve={state}>
        {(resolved: DehydratedState | undefined) => (
          <HydrationBoundary state={resolved}>{children}</HydrationBoundary>
        )}
      </Await>
    </Suspense>
  )
}
