import type { Cart } from '@vitrine/client'
import { data, redirect } from 'react-router'
import type { Shopper } from '../server/platform.server'
import { asksForCart, type CartAnswer } from './cart-form'

/**
 * How a cart action answers once its change is made, with the shopper's renewed tokens: the page's
 * script (`answer=cart`) gets the cart as it is now, for the page's cache; a form posted without
 * the script gets a 303 to `page` (post/redirect/get).
 */
export function answerWithCart(
  form: URLSearchParams,
  shopper: Shopper,
  cart: Cart | null,
  page: string,
) {
  const headers = shopper.headers()
  return asksForCart(form)
    ? data<CartAnswer>({ cart }, { headers })
    : redirect(page, { status: 303, headers })
}
