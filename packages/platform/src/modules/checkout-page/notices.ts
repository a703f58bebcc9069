import type { PlaceOutcome, PriceChange } from '../orders/index.js'
import type { FormErrors } from './form.js'

/** The page's message when the cart changed after the checkout was made. */
export const CART_CHANGED =
  'Your cart changed after this checkout started. Go back to your cart and check out again.'

/** What the page says of `changes` (nothing when there are none). */
export function priceChangeNotice(changes: readonly PriceChange[]): string | undefined {
  if (changes.length === 0) return undefined
  const list = changes
    .map(
      (change) =>
        `${change.name} is now ${change.now.formattedAmount} (was ${change.was.formattedAmount})`,
    )
    .join('; ')
  return `Prices changed since you started checking out: ${list}. The total below is up to date.`
}

/** What the page answers when no order was placed: the status, and its alert or field errors. */
export function refusalOf(outcome: Exclude<PlaceOutcome, { kind: 'placed' }>): {
  status: number
  alert?: string
  errors?: FormErrors
} {
  switch (outcome.kind) {
    case 'cartChanged':
      return { status: 409, alert: CART_CHANGED }
    case 'notInStock':
      return {
        status: 409,
        alert: `${outcome.available ? `Only ${outcome.available} left of` : 'Sold out:'} ${outcome.name}. Go back to your cart to change it.`,
      }
    case 'notAvailable':
      return {
        status: 409,
        alert: 'Some items are no longer available. Go back to your cart to change them.',
      }
    case 'shippingOption':
      return { status: 400, errors: { shipping: 'Choose one of the shipping options.' } }
    case 'totalChanged':
      return {
        status: 409,
        alert: `The total is now ${outcome.total.formattedAmount}. Check your order and place it again.`,
      }
    case 'payment':
      return {
        status: outcome.status === 'declined' ? 402 : 400,
        errors: { card: outcome.message },
      }
  }
}
