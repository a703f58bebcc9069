import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes, useParams } from 'react-router'
import { loadCartDrawer } from './cart/cart-drawer-loader'
import { loadErrorWords } from './components/error-text'
import { LoadingState } from './components/status'
import { RootLayout } from './layout/root-layout'
import { HomePage } from './pages/home-page'

/** A page whose code loads on first visit: `load` imports its module, `name` is its export. */
function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }))
}

const loadShop = () => import('./pages/shop-page')
const loadProduct = () => import('./pages/product-page')
const loadCart = () => import('./pages/cart-page')
const ShopPage = lazyPage(loadShop, 'ShopPage')
const ProductPage = lazyPage(loadProduct, 'ProductPage')
const CartPage = lazyPage(loadCart, 'CartPage')

/**
 * Fetches the code of the pages a shopper most likely opens next (catalog, product, cart), of the
 * cart drawer and of the error messages once the browser is idle, so that nothing waits for it.
 */
export function preloadLikelyPages(): void {
  const likely = [loadShop, loadProduct, loadCart, loadCartDrawer, loadErrorWords]
  const load = () => void Promise.all(likely.map((next) => next())).catch(() => {})
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3_000 })
  else setTimeout(load, 1_000)
}
const ThankYouPage = lazyPage(() => import('./pages/thank-you-page'), 'ThankYouPage')
const LoginPage = lazyPage(() => import('./account/login-page'), 'LoginPage')
const RegisterPage = lazyPage(() => import('./account/register-page'), 'RegisterPage')
const ForgotPasswordPage = lazyPage(
  () => import('./account/forgot-password-page'),
  'ForgotPasswordPage',
)
const ResetPasswordPage = lazyPage(
  () => import('./account/reset-password-page'),
  'ResetPasswordPage',
)
const AccountPage = lazyPage(() => import('./account/account-page'), 'AccountPage')
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage')
const AuthCallbackPage = lazyPage(() => import('./account/auth-callback-page'), 'AuthCallbackPage')
/** The merchant console: its own chunk and its own layout. */
const AdminRoute = lazy(() => import('./admin/index'))

/** `/product-page/:slug`, where the platform's product links point: the shop's product page. */
function ProductPageRedirect() {
  const { slug = '' } = useParams()
  return <Navigate to={`/products/${slug}`} replace />
}

/**
 * Every route of the shop. Pages other than the home page load their code on first visit (the
 * layout shows meanwhile); the merchant console under `/admin/*` is a chunk of its own.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<LoadingState />}>
            <AdminRoute />
          </Suspense>
        }
      />
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="products/:slug" element={<ProductPage />} />
        <Route path="product-page/:slug" element={<ProductPageRedirect />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="thank-you" element={<ThankYouPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
