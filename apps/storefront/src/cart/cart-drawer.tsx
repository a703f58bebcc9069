import { useCart } from '@vitrine/react'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { CloseIcon } from '../components/icons'
import { ErrorState, LoadingState } from '../components/status'
import { itemCount } from '../lib/cart-count'
import { formatMoney } from '../lib/format'
import { CartLines } from './cart-lines'
import { useCartUi } from './cart-ui'
import { CheckoutButton } from './checkout-button'

/**
 * The cart drawer: a modal dialog (focus kept inside, Escape and the backdrop close it, focus
 * goes back to the control that opened it) with the lines, the subtotal and the ways on.
 */
export function CartDrawer() {
  const { drawerOpen, closeDrawer, opener, returnTo } = useCartUi()
  const dialog = useRef<HTMLDialogElement>(null)
  const { key } = useLocation()
  const cart = useCart()
  // Closed by following a link: focus goes to the new page, not back to the cart button.
  const returnFocus = useRef(true)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (drawerOpen && !element.open) element.showModal()
    if (!drawerOpen && element.open) element.close()
  }, [drawerOpen])

  // Following a link out of the drawer closes it (the drawer mounts open: not on mount).
  const shownKey = useRef(key)
  useEffect(() => {
    if (shownKey.current === key) return
    shownKey.current = key
    returnFocus.current = false
    closeDrawer()
  }, [key, closeDrawer])

  // The dialog closed (Escape, the close button, the backdrop, a link): focus goes back to the
  // control that opened it ("Add to cart"), once the add it made no longer disables it; else to
  // the cart button. (The browser's own choice would be the body: the add button was disabled
  // while the drawer opened.)
  const onClose = () => {
    closeDrawer()
    const from = returnTo.current as HTMLButtonElement | null
    if (returnFocus.current) (from?.isConnected && !from.disabled ? from : opener.current)?.focus()
    returnFocus.current = true
  }

  const count = itemCount(cart.data)
  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeDrawer()
      }}
    >
      <div className="drawer__header">
        <h2 className="drawer__title" id="cart-drawer-title">
          Your cart{count > 0 && ` (${count})`}
        </h2>
        <button type="button" className="icon-button" onClick={closeDrawer} aria-label="Close cart">
          <CloseIcon />
        </button>
      </div>
      {drawerOpen && <DrawerContent cart={cart} />}
    </dialog>
  )
}

function DrawerContent({ cart }: { cart: ReturnType<typeof useCart> }) {
  if (cart.isPending) return <LoadingState label="Loading your cart…" />
  if (cart.isError)
    return (
      <ErrorState
        error={cart.error}
        title="Your cart could not load"
        retry={() => cart.refetch()}
      />
    )
  if (!cart.data || cart.data.lineItems.length === 0)
    return (
      <div className="drawer__body">
        <div className="state">
          <p className="state__title">Your cart is empty</p>
          <p className="state__text">Find something you love — it will wait here for you.</p>
          <Link className="button button--primary" to="/shop">
            Start shopping
          </Link>
        </div>
      </div>
    )
  const currency = cart.data.currency ?? 'USD'
  return (
    <>
      <div className="drawer__body">
        <CartLines cart={cart.data} />
      </div>
      <div className="drawer__footer">
        <p className="drawer__subtotal">
          <span>Subtotal</span>
          <span>{formatMoney(cart.data.subtotal, currency)}</span>
        </p>
        <p className="drawer__note">
          Shipping, taxes and discount codes are worked out in the cart.
        </p>
        <CheckoutButton />
        <Link className="button button--secondary button--block" to="/cart">
          View cart
        </Link>
      </div>
    </>
  )
}
