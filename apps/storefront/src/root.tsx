import { HydrationBoundary } from '@tanstack/react-query'
import { createVitrineClient, createVitrineQueryClient, VitrineProvider } from '@vitrine/react'
import { useContext, useMemo, useState, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router'
import { pageStates } from './lib/page-data'
import { RequestQueries } from './lib/request-queries'
import { LowPriorityScripts } from './lib/script-preloads'
import { useTabSync } from './lib/tabs'
import { ShopConfigScript, useShopConfig } from './lib/shop-config'
import { publicConfig } from './server/config.server'
import { shopMiddleware } from './server/shop-context.server'
import styles from './styles/index.css?url'
import { browserClient, queries } from './vitrine.client'
import type { Route } from './+types/root'

/**
 * On the server, around every request: its services (the shopper's client, the catalog's, the
 * order desk), made once, and the shopper's renewed tokens sent back (`shop-context.server.ts`).
 */
export const middleware: Route.MiddlewareFunction[] = [shopMiddleware]

/**
 * The shop's public settings, read by its server at start: the platform's URL and the shop's
 * client id (the browser's client), and the shop's URL (canonical and Open Graph URLs).
 */
export const loader = () => publicConfig()

/** The configuration does not change while the page is open. */
export const shouldRevalidate = () => false

/**
 * The shop's styles, as a stylesheet React places first in the head (a `precedence`): before the
 * preloads of the page's scripts, so that the first paint does not wait behind them.
 */
export const links = () => [{ rel: 'stylesheet', href: styles, precedence: 'default' }]

/**
 * The document around every page: head (meta, styles, the scripts' low-priority preloads) and body
 * (the page, then its scripts).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f4ee" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <Meta />
        <Links />
        <LowPriorityScripts />
      </head>
      <body>
        <ShopConfigScript />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/**
 * The shopper's client and a QueryClient around every page: on the server the request's, which its
 * loaders filled; in the browser the page's one (which the client loaders fill), where the query
 * state the server loaders handed over goes in first — so the pages render the same from it on
 * both sides. Other tabs of the shop hear of this tab's cart and session changes, and this tab of
 * theirs.
 */
export default function App() {
  const config = useShopConfig()
  const requestQueries = useContext(RequestQueries)
  const [client] = useState(() =>
    import.meta.env.SSR
      ? createVitrineClient({ clientId: config.clientId, baseUrl: config.platformUrl })
      : browserClient(),
  )
  const [queryClient] = useState(() =>
    import.meta.env.SSR ? (requestQueries ?? createVitrineQueryClient()) : queries,
  )
  const matches = useMatches()
  const state = useMemo(() => (import.meta.env.SSR ? undefined : pageStates(matches)), [matches])
  useTabSync(queryClient)
  return (
    <VitrineProvider client={client} queryClient={queryClient}>
      <HydrationBoundary state={state}>
        <Outlet />
      </HydrationBoundary>
    </VitrineProvider>
  )
}

/** What is left when even the layout failed: a plain page that says so. */
export function ErrorBoundary() {
  return (
    <main className="container state">
      <title>Something went wrong · Vitrine</title>
      <h1 className="state__title">Something went wrong</h1>
      <p className="state__text">The shop could not show this page. Please try again.</p>
      <a className="button button--primary" href="/">
        Go home
      </a>
    </main>
  )
}
