import { collectionsQueryOptions } from '@vitrine/react'
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import { Outlet, useLocation } from 'react-router'
import { loadCartDrawer } from '../cart/cart-drawer-loader'
import { CartUiProvider, useCartUi } from '../cart/cart-ui'
import { prefetched } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import type { Route } from './+types/shop-layout'

/** The collections of the menu, fetched with the page (a failure leaves the menu short only). */
export const loader = ({ context }: Route.LoaderArgs) =>
  prefetched(context, (queries) =>
    queries.prefetchQuery(collectionsQueryOptions(context.get(shopContext).catalog)),
  )

/** The menu's collections come from the browser's cache once the page runs. */
export const shouldRevalidate = () => false

/** After each navigation to a new page (not on first load), focus goes to the main area. */
function usePageChange() {
  const main = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    main.current?.focus({ preventScroll: true })
  }, [pathname])
  return main
}

/** The cart drawer, its code loaded on first open (e.g. the first add to cart) and kept after. */
const CartDrawer = lazy((): Promise<{ default: ComponentType }> =>
  loadCartDrawer().then(
    (module) => ({ default: module.CartDrawer }),
    // Offline: no drawer (the cart page still works).
    () => ({ default: () => null }),
  ),
)

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

/** Every shop page's frame: skip link, header, the page (`children`), footer, drawer, announcer. */
export function ShopFrame({ children }: { children: ReactNode }) {
  const main = usePageChange()
  return (
    <CartUiProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <p className="announcement">Free shipping over $100 · 30-day returns</p>
        <SiteHeader />
        <main id="main" className="app__main" ref={main} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </div>
      <LazyCartDrawer />
    </CartUiProvider>
  )
}

/** The layout route of the shop's pages. */
export default function ShopLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  )
}
