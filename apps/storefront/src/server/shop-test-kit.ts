/*
 * What the tests of the shop's loaders and actions share: the demo platform
 * (`shopPlatformOfFile()`), shoppers (visitors and members) whose tokens travel in the shop's
 * cookie as a browser's would, orders placed end to end through the hosted checkout page, and
 * `throughShop`, which runs a loader or action inside the root's middleware. Imported by tests only.
 */
import {
  createClient,
  currentCart,
  memoryTokenStorage,
  OAuthStrategy,
  products,
  redirects,
  STORES_APP_ID,
  type Tokens,
} from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, vi } from 'vitest'
import {
  checkoutPage,
  payOnCheckoutPage,
} from '../../../../packages/platform/src/test-support/cart'
import { signInNewMember } from '../../../../packages/platform/src/test-support/identity'
import {
  startPlatform,
  type TestPlatform,
} from '../../../../packages/platform/src/test-support/platform'
import { tokenCookie } from '../lib/token-cookie'

const PASSWORD = 'correct horse 1'
const THANKS = 'http://127.0.0.1:4173/thank-you'

/**
 * The demo platform on a fresh database, members without e-mail codes or captchas, and the shop's
 * server pointed at it with its admin key (`STOREFRONT_API_KEY`). Import the shop's modules after
 * this (`await import(…)`): the platform's URL is part of their configuration.
 */
export async function startShopPlatform(): Promise<TestPlatform> {
  const platform = await startPlatform('sqlite', { seed: 'demo', workers: false })
  const settings = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
    method: 'PATCH',
    headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ emailVerificationRequired: false, captchaRequired: false }),
  })
  if (settings.status !== 200) throw new Error(`Site settings answered ${settings.status}`)
  vi.stubEnv('STOREFRONT_PLATFORM_URL', platform.baseUrl)
  vi.stubEnv('STOREFRONT_API_KEY', platform.adminKey)
  return platform
}

/**
 * The demo platform for the tests of one file ({@link startShopPlatform}), started before them
 * and closed after them (a test may close it sooner: a platform gone meanwhile). The shop's
 * modules are imported afresh after it starts.
 */
export function shopPlatformOfFile(): () => TestPlatform {
  let platform: TestPlatform | undefined
  beforeAll(async () => {
    platform = await startShopPlatform()
    vi.resetModules()
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await platform?.close().catch(() => {})
  })
  return () => platform!
}

/** A shopper of the demo shop: a visitor until `register`, with their own tokens and cart. */
export function newShopper(platform: TestPlatform) {
  const storage = memoryTokenStorage()
  const auth = OAuthStrategy({ clientId: 'demo-storefront', tokenStorage: storage })
  const client = createClient({
    modules: { currentCart, redirects, products, authentication },
    auth,
    baseUrl: platform.baseUrl,
  })

  /**
   * A request of the shop's page `path` with this shopper's tokens cookie, as a browser sends it:
   * with `form`, the post of a form of those fields.
   */
  const request = async (path: string, form?: Record<string, string>) => {
    await auth.getAuthHeaders()
    let setCookie = ''
    tokenCookie(undefined, false, (value) => (setCookie = value)).set(storage.get() as Tokens)
    const cookie = setCookie.split(';')[0]!
    return new Request(
      `http://127.0.0.1:4173${path}`,
      form
        ? {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form),
          }
        : { headers: { cookie } },
    )
  }

  /** Registers `email` and signs in as that member (their tokens replace the visitor's). */
  const register = async (email: string) => {
    await signInNewMember(auth, email, PASSWORD, 'http://127.0.0.1:4173/auth/callback')
  }

  /** Adds one `slug` (a demo product without options) to this shopper's cart. */
  const addToCart = async (slug: string): Promise<void> => {
    const { items } = await client.products.queryProducts().eq('slug', slug).find()
    const catalogItemId = items[0]?.id
    if (!catalogItemId) throw new Error(`No product ${slug}`)
    await client.currentCart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: { catalogItemId, appId: STORES_APP_ID } }],
    })
  }

  /**
   * Buys one `slug` (a demo product without options) through the hosted checkout page, as `email`
   * in New York with standard shipping and the approved test card: the new order's id.
   */
  const buy = async (slug: string, email: string): Promise<string> => {
    await addToCart(slug)
    const { url } = await checkoutPage(client, email, { thankYouPageUrl: THANKS })
    return payOnCheckoutPage(url, email)
  }

  return { client, request, register, addToCart, buy }
}

/**
 * Runs `route` (a route's loader or action) on `request` as the shop's server does: inside the
 * root's middleware, with the request's context (the shopper's address `clientAddress`). Its
 * answer (or what it threw), and the `Set-Cookie` the middleware sent back. Call it after the
 * shop's modules are imported (`startShopPlatform`), so that it uses the same context keys.
 */
export async function throughShop<T>(
  route: (args: {
    request: Request
    url: URL
    pattern: string
    params: never
    context: RouterContextProvider
  }) => T,
  request: Request,
  params: Record<string, string> = {},
  clientAddress?: string,
): Promise<{ answer: Awaited<T>; setCookie: string | null }> {
  const { shopMiddleware } = await import('./shop-context.server')
  const { clientAddressContext } = await import('./client-address.server')
  const context = new RouterContextProvider()
  context.set(clientAddressContext, clientAddress ?? null)
  const args = { request, url: new URL(request.url), pattern: '', params, context }
  let answer!: Awaited<T>
  const response = await shopMiddleware(args, async () => {
    answer = await route({ ...args, params: params as never })
    return new Response(null, { status: 204 })
  })
  return { answer, setCookie: response?.headers.get('set-cookie') ?? null }
}
