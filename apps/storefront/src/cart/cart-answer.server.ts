import type { Cart } from '@vitrine/client'
import { data, redirect } from 'react-router'
import { asksForCart, type CartAnswer } from './cart-form'

/**
 * How a cart action answers once its change is made: the page's script (`answer=cart`) gets the
 * cart as it is now, for the page's cache; a form posted without the script gets a 303 to `page`
 * (post/redirect/get). The shopper's renewed tokens go with either (`server/shop-context.server.ts`).
 */
export function answerWithCart(form: URLSearchParams, cart: Cart | null, page: string) {
  return asksForCart(form) ? data<CartAnswer>({ cart }) : redirect(page, 303)
}
