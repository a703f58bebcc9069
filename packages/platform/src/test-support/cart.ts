import {
  createClient,
  currentCart,
  OAuthStrategy,
  redirects,
  STORES_APP_ID,
  type RedirectSessionOptions,
} from '@vitrine/client'

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
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    email: 'ann@example.com',
  })
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks,
  })
  return { client, checkoutId, url: redirectSession.fullUrl! }
}
