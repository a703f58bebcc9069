import type { Cart } from '@vitrine/client'
import { quantityOf } from '../product/add-form'

/**
 * The field the page's script adds to a cart form it posts (`answer=cart`): answer with the cart
 * as it is now, instead of the page again (the form posted without the script: post/redirect/get).
 */
const ANSWER_FIELD = 'answer'
const ANSWER_CART = 'cart'

/** Marks `form` as posted by the page's script: the action answers with the cart. */
export function askForCart(form: FormData): FormData {
  form.set(ANSWER_FIELD, ANSWER_CART)
  return form
}

/** Whether the page's script posted `form` ({@link askForCart}). */
export const asksForCart = (form: { get(name: string): FormDataEntryValue | null }): boolean =>
  form.get(ANSWER_FIELD) === ANSWER_CART

/** Why a cart action did not make its change, in words for the shopper. */
export interface CartRefusal {
  error: string
  /** The add-to-cart form's choices, to show again (the page without its script). */
  choices?: Record<string, string>
}

/**
 * What a cart action answers the page's script: the cart as the change left it (`null`: the
 * visitor has none), or why it was not made.
 */
export type CartAnswer = { cart: Cart | null } | CartRefusal

/** A change to the cart, as its forms post it (with or without the page's script). */
export type CartChange =
  | { intent: 'quantity'; line: string; quantity: number }
  | { intent: 'remove'; line: string }
  | { intent: 'coupon'; code: string }
  | { intent: 'remove-coupon' }

/** The longest line id or coupon code a cart form may carry. */
const MAX_TEXT = 100

const text = (value: FormDataEntryValue | null): string =>
  typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : ''

/**
 * Reads a cart form: `intent` (`quantity` by default), `line`, and the quantity that −/+ submit
 * as `quantity` or that was typed as `typed`; `coupon` for a code. `undefined` if it is none.
 */
export function readCartChange(form: {
  get(name: string): FormDataEntryValue | null
}): CartChange | undefined {
  const intent = text(form.get('intent')) || 'quantity'
  const line = text(form.get('line'))
  if (intent === 'coupon') {
    const code = text(form.get('coupon'))
    return code ? { intent, code } : undefined
  }
  if (intent === 'remove-coupon') return { intent }
  if (!line) return undefined
  if (intent === 'remove') return { intent, line }
  if (intent !== 'quantity') return undefined
  return { intent, line, quantity: quantityOf(form.get('quantity') ?? form.get('typed')) }
}
