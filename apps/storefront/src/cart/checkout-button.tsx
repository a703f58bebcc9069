import { useCheckout, useMember } from '@vitrine/react'
import { useState } from 'react'
import { LockIcon } from '../components/icons'
import { ErrorNotice } from '../components/notice'
import { Spinner } from '../components/status'
import { readEstimate } from './estimate-state'

/**
 * Hands the cart to the hosted checkout: creates the checkout and its redirect session, then
 * leaves for the hosted page, which comes back to `/thank-you?orderId=…` (or to the cart). What the
 * shopper already told (the estimate's address and delivery, the member's e-mail) is passed on.
 */
export function CheckoutButton({ disabled = false }: { disabled?: boolean }) {
  const checkout = useCheckout()
  const { member } = useMember()
  const [leaving, setLeaving] = useState(false)
  const busy = checkout.isPending || leaving

  const start = async () => {
    const origin = window.location.origin
    const { address, shippingOptionCode } = readEstimate()
    const { redirectUrl } = await checkout.mutateAsync({
      ...(address && { shippingAddress: address }),
      ...(shippingOptionCode && { shippingOptionCode }),
      ...(member?.email && { email: member.email }),
      thankYouPageUrl: `${origin}/thank-you`,
      postFlowUrl: `${origin}/cart`,
      cartPageUrl: `${origin}/cart`,
    })
    setLeaving(true)
    window.location.assign(redirectUrl)
  }

  // Without the page's script the form posts to `/checkout`, which does the same on the server.
  return (
    <form
      method="post"
      action="/checkout"
      className="checkout-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) void start().catch(() => undefined)
      }}
    >
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {busy ? <Spinner label="Going to checkout" /> : <LockIcon />}
        Checkout
      </button>
      <ErrorNotice error={checkout.error} />
    </form>
  )
}
