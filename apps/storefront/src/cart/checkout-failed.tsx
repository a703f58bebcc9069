import { useSearchParams } from 'react-router'
import { Notice } from '../components/notice'

/** The cart's query when the checkout could not open (the platform failed or was unreachable). */
export const CHECKOUT_FAILED = 'checkout=failed'

/** On the cart, after a checkout without the page's script that the platform failed: says so. */
export function CheckoutFailedNotice() {
  const [search] = useSearchParams()
  if (search.get('checkout') !== 'failed') return null
  return (
    <Notice tone="error">
      The checkout could not open: the shop could not reach its platform. Your cart is as it was;
      try again in a moment.
    </Notice>
  )
}
