import type { HeadersFunction } from 'react-router'

/** Never stored: it says whether this instance renders now. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * `/healthz`: the root document around one line, and no data of its own — what a load balancer
 * asks to know that an instance of the shop renders pages, and the floor of a page's cost.
 */
export default function HealthPage() {
  return (
    <main className="container state">
      <title>OK · Vitrine</title>
      <p className="state__text">The shop is up.</p>
    </main>
  )
}
