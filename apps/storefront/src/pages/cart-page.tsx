import type { Cart } from '@vitrine/client'
import {
  cartQueryOptions,
  cartTotalsQueryOptions,
  useCart,
  useCartTotals,
  vitrineKeys,
  type VitrineClient,
} from '@vitrine/react'
import { data, Link } from 'react-router'
import { answerWithCart } from '../cart/cart-answer.server'
import { changeCart } from '../cart/cart-client-action'
import { readCartChange, type CartChange, type CartRefusal } from '../cart/cart-form'
import { guessChange } from '../cart/cart-guess'
import { CartLines } from '../cart/cart-lines'
import { CheckoutButton } from '../cart/checkout-button'
import { CheckoutFailedNotice } from '../cart/checkout-failed'
import { CouponForm } from '../cart/coupon-form'
import { useEstimate } from '../cart/estimate-state'
import { OrderSummary } from '../cart/order-summary'
import { ShippingEstimate, shippingOptionsOf } from '../cart/shipping-estimate'
import { LockIcon } from '../components/icons'
import { ErrorNotice } from '../components/notice'
import { EmptyState, ErrorState, LoadingState } from '../components/status'
import { PageError } from '../layout/page-error'
import { itemCount } from '../lib/cart-count'
import { metaOf } from '../lib/head'
import { personal } from '../server/cache-headers.server'
import { readForm, refusalOf } from '../server/forms.server'
import { prefetched } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import type { Route } from './+types/cart-page'

/**
 * On the server: the shopper's cart and its totals. A visitor without tokens has no cart: the
 * platform is not asked (nor a visitor made for them).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopContext).shopper()
  return prefetched(context, async (queries) => {
    if (!shopper.known) return queries.setQueryData(vitrineKeys.cart(), null)
    const cart = await queries.fetchQuery(cartQueryOptions(shopper.client))
    if (cart?.lineItems.length)
      await queries.prefetchQuery(cartTotalsQueryOptions(shopper.client, {}))
  })
}

/** In the browser the cart is the page's own (the header keeps it). */
export const clientLoader = () => ({})

/**
 * The cart's forms (quantities, removal, discount code): the change, then the cart again
 * (post/redirect/get) — or, to the page's script, the cart as the change left it. A refusal (an
 * unknown code) shows the cart with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const change = readCartChange(form)
  if (!change) return data<CartRefusal>({ error: 'That change is not possible.' }, { status: 400 })
  const shopper = context.get(shopContext).shopper()
  try {
    // A visitor without tokens has no cart to change.
    const cart = shopper.known ? await changed(shopper.client.currentCart, change) : null
    return answerWithCart(form, cart, '/cart')
  } catch (error) {
    const { status, error: words } = refusalOf(error)
    return data<CartRefusal>({ error: words }, { status })
  }
}

/** The current cart once `change` is made to it. */
async function changed(current: VitrineClient['currentCart'], change: CartChange): Promise<Cart> {
  switch (change.intent) {
    case 'quantity':
      return (
        await current.updateCurrentCartLineItemQuantity([
          { id: change.line, quantity: change.quantity },
        ])
      ).cart
    case 'remove':
      return (await current.removeLineItemsFromCurrentCart([change.line])).cart
    case 'coupon':
      return current.updateCurrentCart({ couponCode: change.code })
    case 'remove-coupon':
      return (await current.removeCouponFromCurrentCart()).cart
  }
}

/**
 * In the browser, from the cart page or the drawer: a line's new quantity, or its removal, shows
 * at once; then the cart the action answers ({@link changeCart}).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const change = readCartChange(await request.clone().formData())
  return changeCart(() => serverAction(), change && ((cart) => guessChange(cart, change)))
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  metaOf({ matches, error }, { title: 'Your cart · Vitrine', path: '/cart', noindex: true })

export const headers = personal
export const ErrorBoundary = PageError

/** `/cart`: the lines, a discount code, the shipping estimate, the totals and the checkout. */
export default function CartPage({ actionData }: Route.ComponentProps) {
  const refusal = actionData && 'error' in actionData ? actionData.error : undefined
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
          <CouponForm cart={cart.data} refusal={refusal} />
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
          <CheckoutFailedNotice />
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
