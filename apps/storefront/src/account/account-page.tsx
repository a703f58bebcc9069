import { useCart, useChangePassword, useLogout, useMember } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate } from 'react-router'
import { ErrorNotice, Notice } from '../components/notice'
import { Spinner } from '../components/status'
import { itemCount } from '../lib/cart-count'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { memberNameKey } from '../lib/member-name'
import { personal } from '../server/cache-headers.server'
import { OrdersUnavailable } from '../orders/order-states'
import { memberOrders, withOrderDesk } from '../server/orders.server'
import { prefetched } from '../server/queries.server'
import { shopContext } from '../server/shop-context.server'
import { NewPasswordField, SubmitButton } from './auth-form'
import { OrderHistory } from './order-history'
import type { Route } from './+types/account-page'

/**
 * On the server: the member (their name and e-mail from the platform, the name handed to the
 * header too) and a page of their orders (`?cursor=`); a visitor is asked to log in first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = context.get(shopContext)
  const member = await shop.member()
  const cursor = new URL(request.url).searchParams.get('cursor') || undefined
  const read = await withOrderDesk(shop.orderDesk(), (desk) =>
    memberOrders(desk, member.memberId, cursor),
  )
  const history = read?.value
  const page = await prefetched(context, async (queries) => {
    queries.setQueryData(memberNameKey(), member.name)
  })
  return { ...page, member, history }
}

export const meta = staticMeta({ title: 'Your account · Vitrine', path: '/account', noindex: true })
export const headers = personal
export const ErrorBoundary = PageError

function ChangePassword() {
  const change = useChangePassword()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const newPassword = String(new FormData(form).get('newPassword') ?? '')
    change.mutate({ newPassword }, { onSuccess: () => form.reset() })
  }
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 className="panel__title" id="password-title">
        Password
      </h2>
      <form className="form" onSubmit={submit}>
        {change.isSuccess && <Notice tone="success">Your password was changed.</Notice>}
        <ErrorNotice error={change.error} />
        <NewPasswordField name="newPassword" />
        <SubmitButton pending={change.isPending} className="button button--secondary">
          Change password
        </SubmitButton>
      </form>
    </section>
  )
}

/**
 * `/account`: the member's profile, orders, cart, password and logging out (through the logout
 * page).
 */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { member, history } = loaderData
  const { status } = useMember()
  const cart = useCart()
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)

  // Logged out meanwhile (in another tab): the page is no longer theirs.
  if (status === 'visitor') return <Navigate to="/login" replace state={{ from: '/account' }} />

  const name = member.name.full
  const count = itemCount(cart.data)

  const logOut = async () => {
    const { logoutUrl } = await logout.mutateAsync({ postFlowUrl: `${window.location.origin}/` })
    setLeaving(true)
    window.location.assign(logoutUrl)
  }

  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Account</p>
        <h1>{member.name.first ? `Hello, ${member.name.first}` : 'Your account'}</h1>
      </header>
      <div className="account">
        <div className="account__grid">
          <section className="panel" aria-labelledby="profile-title">
            <h2 className="panel__title" id="profile-title">
              Profile
            </h2>
            <dl className="profile">
              {name && (
                <div>
                  <dt>Name</dt>
                  <dd>{name}</dd>
                </div>
              )}
              <div>
                <dt>E-mail</dt>
                <dd>{member.email ?? 'Signed in with the hosted login'}</dd>
              </div>
            </dl>
          </section>
          <section className="panel" aria-labelledby="cart-title">
            <h2 className="panel__title" id="cart-title">
              Your cart
            </h2>
            <p className="muted">
              {cart.isPending || status === 'loading'
                ? 'Loading…'
                : count
                  ? `${count} ${count === 1 ? 'item is' : 'items are'} waiting for you, on every device you log in on.`
                  : 'Your cart is empty.'}
            </p>
            <div className="panel__actions">
              <Link className="button button--primary" to={count ? '/cart' : '/shop'}>
                {count ? 'Go to cart' : 'Start shopping'}
              </Link>
            </div>
          </section>
        </div>
        <section className="panel" aria-labelledby="orders-title">
          <h2 className="panel__title" id="orders-title">
            Your orders
          </h2>
          {history ? <OrderHistory history={history} /> : <OrdersUnavailable inside />}
          <p className="field__hint order-list__note">
            Orders you placed as a guest, before you had an account, are not listed here.
          </p>
        </section>
        <ChangePassword />
        <section className="panel" aria-labelledby="logout-title">
          <h2 className="panel__title" id="logout-title">
            Log out
          </h2>
          <p className="muted">Log out of this shop on this device. Your cart is kept for you.</p>
          <div className="panel__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={logout.isPending || leaving}
              onClick={() => void logOut().catch(() => undefined)}
            >
              {(logout.isPending || leaving) && <Spinner />}
              Log out
            </button>
          </div>
          <ErrorNotice error={logout.error} />
        </section>
      </div>
    </div>
  )
}
