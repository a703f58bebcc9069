import { vitrineKeys } from '@vitrine/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CheckIcon } from '../components/icons'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { personal } from '../lib/page-data'
import { tellTabs } from '../lib/tabs'

export const meta = staticMeta({ title: 'Thank you · Vitrine', path: '/thank-you', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

/** `/thank-you?orderId=…`: where the hosted checkout sends the shopper after paying. */
export default function ThankYouPage() {
  const [params] = useSearchParams()
  const orderId = params.get('orderId')
  const queryClient = useQueryClient()

  // The order took the cart's items: what the shop remembers of the cart is out of date.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })
    tellTabs('cart')
  }, [queryClient])

  return (
    <div className="container">
      <div className="thanks">
        <span className="thanks__icon">
          <CheckIcon />
        </span>
        <h1>Thank you for your order</h1>
        <p className="muted">
          Your order is confirmed and we’re getting it ready. Keep your order number handy if you
          need to get in touch.
        </p>
        {orderId && (
          <p className="thanks__order">
            Order number <strong>{orderId}</strong>
          </p>
        )}
        <div className="state__actions">
          <Link className="button button--primary" to="/shop">
            Continue shopping
          </Link>
          <Link className="button button--secondary" to="/account">
            Your account
          </Link>
        </div>
      </div>
    </div>
  )
}
