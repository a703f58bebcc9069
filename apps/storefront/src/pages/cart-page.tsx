import { useCart, useCartTotals } from '@vitrine/react'
import { Link } from 'react-router'
import { CartLines } from '../cart/cart-lines'
import { CheckoutButton } from '../cart/checkout-button'
import { CouponForm } from '../cart/coupon-form'
import { useEstimate } from '../cart/estimate-state'
import { OrderSummary } from '../cart/order-summary'
import { ShippingEstimate, shippingOptionsOf } from '../cart/shipping-estimate'
import { LockIcon } from '../components/icons'
import { ErrorNotice } from '../components/notice'
import { EmptyState, ErrorState, LoadingState } from '../components/status'
import { itemCount } from '../lib/cart-count'

/** `/cart`: the lines, a discount code, the shipping estimate, the totals and the checkout. */
export function CartPage() {
  const cart = useCart()
  const [estimate, setEstimate] = useEstimate()
  const hasLines = !!cart.data?.lineItems.length
  const totals = useCartTotals({
    ...(estimate.address && { address: estimate.address }),
    ...(estimate.shippingOptionCode && { shippingOptionCode: estimate.shippingOptionCode }),
    enabled: hasLines,
  })

  let content
  if (cart.isPending) content = <LoadingState label="Loading your cart…" />
  else if (cart.isError)
    content = (
      <ErrorState
        error={cart.error}
        title="Your cart could not load"
        retry={() => cart.refetch()}
      />
    )
  else if (!cart.data || !hasLines)
    content = (
      <EmptyState
        title="Your cart is empty"
        actions={
          <Link className="button button--primary" to="/shop">
            Start shopping
          </Link>
        }
      >
        Browse the shop and add what you like — your cart keeps it, even after you sign in.
      </EmptyState>
    )
  else {
    const currency = cart.data.currency ?? 'USD'
    const options = shippingOptionsOf(totals.data?.shippingInfo)
    const selectedCode =
      estimate.shippingOptionCode ?? totals.data?.shippingInfo?.selectedCarrierServiceOption?.code
    content = (
      <div className="cart-page">
        <div className="cart-page__main">
          <section className="panel" aria-label="Items">
            <CartLines cart={cart.data} />
          </section>
          <CouponForm cart={cart.data} />
          <ShippingEstimate
            estimate={estimate}
            onChange={setEstimate}
            options={options}
            selectedCode={selectedCode}
            currency={currency}
          />
        </div>
        <section className="panel summary cart-page__summary" aria-labelledby="summary-title">
          <h2 className="panel__title" id="summary-title">
            Order summary
          </h2>
          {totals.isError ? (
            <ErrorNotice error={totals.error} />
          ) : (
            <OrderSummary
              totals={totals.data}
              hasAddress={!!estimate.address}
              busy={totals.isFetching}
            />
          )}
          <CheckoutButton />
          <p className="checkout-note">
            <LockIcon /> Secure checkout · Test card 4242 4242 4242 4242
          </p>
        </section>
      </div>
    )
  }

  const count = itemCount(cart.data)
  return (
    <div className="container">
      <title>Your cart · Vitrine</title>
      <header className="page-header">
        <h1>Your cart</h1>
        {count > 0 && (
          <p>
            {count} {count === 1 ? 'item' : 'items'}
          </p>
        )}
      </header>
      {content}
    </div>
  )
}
