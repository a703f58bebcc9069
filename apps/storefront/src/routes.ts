import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * Every route of the shop. The shop's pages share the layout (header, footer, cart drawer); the
 * merchant console under `/admin` has its own, and its API calls go through the shop's server
 * (`/admin/api/*`), which holds the admin key. `robots.txt` and the sitemaps are plain answers;
 * `/healthz` is the document alone, for load balancers.
 */
export default [
  layout('layout/shop-layout.tsx', [
    index('pages/home-page.tsx'),
    route('shop', 'pages/shop-page.tsx'),
    route('products/:slug', 'pages/product-page.tsx'),
    route('cart', 'pages/cart-page.tsx'),
    route('thank-you', 'pages/thank-you-page.tsx'),
    route('login', 'account/login-page.tsx'),
    route('register', 'account/register-page.tsx'),
    route('forgot-password', 'account/forgot-password-page.tsx'),
    route('reset-password', 'account/reset-password-page.tsx'),
    route('account', 'account/account-page.tsx'),
    route('account/orders/:id', 'account/order-page.tsx'),
    route('auth/callback', 'account/auth-callback-page.tsx'),
    route('*', 'pages/not-found-page.tsx'),
  ]),
  route('product-page/:slug', 'pages/product-page-redirect.ts'),
  route('checkout', 'cart/checkout-route.ts'),
  route('admin/api/*', 'admin/api-proxy.ts'),
  route('admin/session', 'admin/session-route.ts'),
  route('admin/*', 'admin/admin-route.tsx'),
  route('healthz', 'pages/health-page.tsx'),
  route('robots.txt', 'seo/robots.ts'),
  route('sitemap.xml', 'seo/sitemap-index.ts'),
  route('sitemaps/:file', 'seo/sitemap-page.ts'),
] satisfies RouteConfig
