import { useSearchParams } from 'react-router'
import { Notice } from '../components/notice'

/** The cart's query parameter when the checkout could not open (the platform failed). */
const [NAME, VALUE] = ['checkout', 'failed']

/** Where a checkout that could not open leads: the cart, saying so. */
export const checkoutFailedUrl = `/cart?${NAME}=${VALUE}`

/** On the cart, after a checkout without the page's script that the platform failed: says so. */
export function CheckoutFailedNotice() {
  const [search] = useSearchParams()
  if (search.get(NAME) !== VALUE) return null
  return (
    <Notice tone="error">
      The checkout could not open: the shop could not reach its platform. Your cart is as it was;
      try again in a moment.
    </Notice>
  )
}
