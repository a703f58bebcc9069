import { redirect } from 'react-router'
import { reachShop } from '../lib/reach-shop'
import { config } from '../server/config.server'
import { readForm, refusalOf } from '../server/forms.server'
import type { RequestShop } from '../server/shop-context.server'
import { shopContext } from '../server/shop-context.server'
import { checkoutFailedUrl } from './checkout-failed'
import { estimateOfForm } from './checkout-form'
import type { Route } from './+types/checkout-route'

/** The e-mail of the member the request's shopper is, from the platform; none for a visitor. */
async function memberEmail(shop: RequestShop): Promise<string | undefined> {
  if (!shop.shopper().client.auth.loggedIn()) return undefined
  const buyer = await shop.buyer()
  return buyer && 'email' in buyer ? buyer.email : undefined
}

/**
 * `POST /checkout`, the cart's checkout form (with or without the page's script): a checkout of
 * the shopper's cart with what they already told — the estimate's address and delivery (fields of
 * the form), a member's e-mail (from the platform) — and a redirect session to the hosted checkout
 * page, whose return URLs are the shop's configured URL's; then a 303 there. An empty or unknown
 * cart leads back to the cart; when the platform fails or cannot be reached, the cart says the
 * checkout could not open.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { address, shippingOptionCode } = estimateOfForm(await readForm(request))
  const shop = context.get(shopContext)
  const shopper = shop.shopper()
  if (!shopper.known) return redirect('/cart', 303)
  try {
    const email = await memberEmail(shop)
    const { checkoutId } = await shopper.client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      ...(address && { shippingAddress: address }),
      ...(shippingOptionCode && { selectedShippingOption: { code: shippingOptionCode } }),
      ...(email && { email }),
    })
    const { redirects } = await shopper.client.redirects()
    const { redirectSession } = await redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: {
        thankYouPageUrl: `${config.shopUrl}/thank-you`,
        postFlowUrl: `${config.shopUrl}/cart`,
        cartPageUrl: `${config.shopUrl}/cart`,
      },
    })
    return redirect(redirectSession.fullUrl, 303)
  } catch (error) {
    const { status } = refusalOf(error)
    // A refusal (an empty or unknown cart) shows the cart; a failure says so there too.
    const to = status === 503 ? checkoutFailedUrl : '/cart'
    return redirect(to, 303)
  }
}

/**
 * In the browser: the same action, whose redirect leaves for the hosted checkout page; a post that
 * did not reach the shop (offline) says so on the form instead.
 */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  reachShop(() => serverAction())

/** `GET /checkout` (a link, a reload): the way to the checkout is the cart. */
export const loader = () => redirect('/cart')
