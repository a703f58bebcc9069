import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react'
import { Outlet, useLocation, useNavigationType } from 'react-router'
import { loadCartDrawer } from '../cart/cart-drawer-loader'
import { CartUiProvider, useCartUi } from '../cart/cart-ui'
import { LoadingState } from '../components/status'
import { PageErrorBoundary } from './error-boundary'
import { SiteHeader } from './site-header'

/**
 * After each navigation to a new page (not on first load), starts at the top — unless going back
 * or forward, where the browser restores the position — and moves focus to the main area, as a
 * page load would.
 */
function usePageChange() {
  const main = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const type = useNavigationType()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    if (type !== 'POP') window.scrollTo(0, 0)
    main.current?.focus({ preventScroll: true })
  }, [pathname, type])
  return main
}

/** A part of the frame whose code loads later; nothing shows if it cannot load (offline). */
function lazyPart(load: () => Promise<ComponentType>) {
  const nothing: ComponentType = () => null
  return lazy(() =>
    load().then(
      (part) => ({ default: part }),
      () => ({ default: nothing }),
    ),
  )
}

/** The footer, below the fold: its code loads right after the first paint. */
const SiteFooter = lazyPart(async () => (await import('./site-footer')).SiteFooter)
const CartDrawer = lazyPart(async () => (await loadCartDrawer()).CartDrawer)

/** The cart drawer, its code loaded on first open (e.g. the first add to cart) and kept after. */
function LazyCartDrawer() {
  const { drawerOpen } = useCartUi()
  const [wanted, setWanted] = useState(drawerOpen)
  if (drawerOpen && !wanted) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  ) : null
}

/** Every shop page: skip link, header, the page, footer, the cart drawer and the announcer. */
export function RootLayout() {
  const main = usePageChange()
  const { pathname } = useLocation()
  return (
    <CartUiProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <p className="announcement">Free shipping over $100 · 30-day returns</p>
        <SiteHeader />
        <main id="main" className="app__main" ref={main} tabIndex={-1}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </div>
      <LazyCartDrawer />
    </CartUiProvider>
  )
}
