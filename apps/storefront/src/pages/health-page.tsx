import type { Route } from './+types/health-page'

/** Never stored: it says whether this instance renders now. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/** Not a page for search engines. */
export const meta: Route.MetaFunction = () => [
  { title: 'OK · Vitrine' },
  { name: 'robots', content: 'noindex' },
]

/**
 * `/healthz`: the root document around one line, and no data of its own — what a load balancer
 * asks to know that an instance of the shop renders pages, and the floor of a page's cost.
 */
export default function HealthPage() {
  return (
    <main className="container state">
      <p className="state__text">The shop is up.</p>
    </main>
  )
}
