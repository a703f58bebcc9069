import { useEffect } from 'react'
import { LockIcon } from '../components/icons'
import { Notice } from '../components/notice'
import { Spinner } from '../components/status'
import type { CartRefusal } from './cart-form'
import { estimateFields } from './checkout-form'
import { useEstimate } from './estimate-state'
import { useCartForm } from './use-cart-form'

/**
 * Hands the cart to the hosted checkout: the form posts to `/checkout`, whose action creates the
 * checkout and its redirect session and leaves for the hosted page, which comes back to
 * `/thank-you?orderId=…` (or to the cart). What the shopper already told in this tab (the
 * estimate's address and delivery) goes with the form. Offline, it waits until the browser is back.
 */
export function CheckoutButton({ disabled = false }: { disabled?: boolean }) {
  const form = useCartForm<CartRefusal>('/checkout', { once: true })
  const [estimate] = useEstimate()
  const { reset, answer } = form

  // Back from the hosted page through the browser's page cache: the button works again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => event.persisted && reset()
    window.addEventListener('pageshow', shown)
    return () => window.removeEventListener('pageshow', shown)
  }, [reset])

  return (
    <form method="post" action="/checkout" className="checkout-form" onSubmit={form.onSubmit}>
      {estimateFields(estimate).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={disabled || form.busy}
        aria-busy={form.busy}
      >
        {form.busy && !form.waiting ? <Spinner label="Going to checkout" /> : <LockIcon />}
        Checkout
      </button>
      {form.waiting && (
        <p className="notice" role="status">
          You are offline — we’ll go on to checkout when you’re back.
        </p>
      )}
      {answer && 'error' in answer && <Notice tone="error">{answer.error}</Notice>}
    </form>
  )
}
