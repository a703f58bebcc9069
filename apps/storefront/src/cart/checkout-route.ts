import { redirect, type ActionFunctionArgs } from 'react-router'
import { config } from '../server/config.server'
import { readForm, refusalOf } from '../server/forms.server'
import { checkoutFailedUrl } from './checkout-failed'
import { shopperOf } from '../server/platform.server'

/**
 * `POST /checkout`, the cart's checkout form without the page's script: a checkout of the
 * shopper's cart and a redirect session to the hosted checkout page (return URLs from the shop's
 * configuration), then a 303 there. An empty or unknown cart leads back to the cart; when the
 * platform fails or cannot be reached, the cart says the checkout could not open.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request)
  const shopper = shopperOf({ request, context })
  if (!shopper.known) return redirect('/cart', 303)
  try {
    const { checkoutId } = await shopper.client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
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
    return redirect(redirectSession.fullUrl, { status: 303, headers: shopper.headers() })
  } catch (error) {
    const { status } = refusalOf(error)
    // A refusal (an empty or unknown cart) shows the cart; a failure says so there too.
    const to = status === 503 ? checkoutFailedUrl : '/cart'
    return redirect(to, { status: 303, headers: shopper.headers() })
  }
}

/** `GET /checkout` (a link, a reload): the way to the checkout is the cart. */
export const loader = () => redirect('/cart')
