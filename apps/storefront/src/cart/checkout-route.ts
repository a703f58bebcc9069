import { isApiError } from '@vitrine/client'
import { redirect, type ActionFunctionArgs } from 'react-router'
import { config } from '../server/config.server'
import { readForm } from '../server/forms.server'
import { shopperOf } from '../server/platform.server'

/**
 * `POST /checkout`, the cart's checkout form without the page's script: a checkout of the
 * shopper's cart and a redirect session to the hosted checkout page (return URLs from the shop's
 * configuration), then a 303 there. An empty or unknown cart leads back to the cart.
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
    if (isApiError(error) && error.status >= 400 && error.status < 500)
      return redirect('/cart', { status: 303, headers: shopper.headers() })
    throw error
  }
}

/** `GET /checkout` (a link, a reload): the way to the checkout is the cart. */
export const loader = () => redirect('/cart')
