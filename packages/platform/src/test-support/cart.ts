import {
  createClient,
  currentCart,
  OAuthStrategy,
  redirects,
  STORES_APP_ID,
  type RedirectSessionOptions,
} from '@vitrine/client'
import { hiddenValue, TestBrowser } from './browser.js'

/** A cart line of `quantity` of stores product `catalogItemId`, in `choices` of its options. */
export const storesLine = (
  quantity: number,
  catalogItemId: string,
  choices?: Record<string, string>,
) => ({
  quantity,
  catalogReference: {
    catalogItemId,
    appId: STORES_APP_ID,
    ...(choices && { options: { options: choices } }),
  },
})

/** A new visitor of the storefront's OAuth client, with the cart and redirect modules. */
export const visitorClient = (baseUrl: string) =>
  createClient({
    modules: { currentCart, redirects },
    auth: OAuthStrategy({ clientId: 'demo-storefront' }),
    baseUrl,
  })

/** A client that checks out its cart: the visitor's or member's whose cart it is. */
type Shopper = Pick<ReturnType<typeof visitorClient>, 'currentCart' | 'redirects'>

/**
 * A checkout of `shopper`'s current cart for `email`, and a redirect session to the hosted checkout
 * page with `callbacks`: the checkout id and the page's URL.
 */
export async function checkoutPage(
  shopper: Shopper,
  email: string,
  callbacks: RedirectSessionOptions['callbacks'],
) {
  const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ email })
  const { redirectSession } = await shopper.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks,
  })
  return { checkoutId, url: redirectSession.fullUrl! }
}

/**
 * A new visitor's cart of `lines`, its checkout (for `ann@example.com`), and a redirect session to
 * the hosted checkout page with `callbacks`: the visitor's client, the checkout id and the URL.
 */
export async function startVisitorCheckout(
  baseUrl: string,
  lines: ReturnType<typeof storesLine>[],
  callbacks: RedirectSessionOptions['callbacks'],
) {
  const client = visitorClient(baseUrl)
  await client.currentCart.addToCurrentCart({ lineItems: lines })
  return { client, ...(await checkoutPage(client, 'ann@example.com', callbacks)) }
}

/** Where the tests' buyers live, in the hosted checkout page's fields. */
export const NEW_YORK = {
  name: 'Ann Buyer',
  addressLine: '1 Main St',
  city: 'New York',
  postalCode: '10001',
  country: 'US',
  subdivision: 'US-NY',
}

/**
 * What drives the hosted checkout page, keeping its cookies: `page` reads a page's HTML, `submit`
 * posts a form and answers the status and the redirect's `Location`.
 */
export interface CheckoutPageBrowser {
  page(url: string): Promise<string>
  submit(
    url: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; location: string | null }>
}

/** {@link CheckoutPageBrowser} of a {@link TestBrowser}. */
function testBrowser(): CheckoutPageBrowser {
  const browser = new TestBrowser()
  return {
    page: async (url) => (await browser.fetch(url)).text(),
    submit: async (url, fields) => {
      const answer = await browser.post(url, fields)
      return { status: answer.status, location: answer.headers.get('location') }
    },
  }
}

/**
 * Pays on the hosted checkout page at `url` as `email`: New York, standard shipping and the
 * approved test card, the page priced for the address first. Resolves with the order's id (from
 * the way back to the thank-you page); throws with the page's status when it places nothing.
 */
export async function payOnCheckoutPage(
  url: string,
  email: string,
  browser: CheckoutPageBrowser = testBrowser(),
): Promise<string> {
  const fields = { ...NEW_YORK, email, shipping: 'standard' }
  const first = await browser.page(url)
  const priced = await browser.submit(url, {
    csrf: hiddenValue(first, 'csrf'),
    ...fields,
    action: 'update',
  })
  if (priced.status !== 303) throw new Error(`The checkout page answered ${priced.status}`)
  const html = await browser.page(url)
  const placed = await browser.submit(url, {
    csrf: hiddenValue(html, 'csrf'),
    total: hiddenValue(html, 'total'),
    ...fields,
    card: '4242 4242 4242 4242',
    action: 'place',
  })
  const orderId = placed.location && new URL(placed.location).searchParams.get('orderId')
  if (placed.status !== 303 || !orderId)
    throw new Error(`The checkout page answered ${placed.status}, not an order`)
  return orderId
}
