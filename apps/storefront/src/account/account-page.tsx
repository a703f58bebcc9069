import { useCart, useChangePassword, useLogout, useMember } from '@vitrine/react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate, redirect, type LoaderFunctionArgs } from 'react-router'
import { ErrorNotice, Notice } from '../components/notice'
import { LoadingState, Spinner } from '../components/status'
import { itemCount } from '../lib/cart-count'
import { PageError } from '../layout/page-error'
import { staticMeta } from '../lib/head'
import { personal } from '../lib/page-data'
import { shopperOf } from '../server/platform.server'
import { NewPasswordField, SubmitButton } from './auth-form'

/** On the server: a visitor who is not a member is asked to log in first. */
export function loader({ request }: LoaderFunctionArgs) {
  const tokens = shopperOf(request).client.auth.getTokens()
  if (tokens.refreshToken.role !== 'member') throw redirect('/login')
  return null
}

/** In the browser the page itself knows who is logged in. */
export const clientLoader = () => null

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

/** `/account`: the member's profile, cart, password and logging out (through the logout page). */
export default function AccountPage() {
  const { status, member } = useMember()
  const cart = useCart()
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)

  if (status === 'loading') return <LoadingState label="Loading your account…" />
  if (status === 'visitor') return <Navigate to="/login" replace state={{ from: '/account' }} />

  const name = [member?.profile?.firstName, member?.profile?.lastName].filter(Boolean).join(' ')
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
        <h1>{name ? `Hello, ${member?.profile?.firstName}` : 'Your account'}</h1>
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
                <dd>{member?.email ?? 'Signed in with the hosted login'}</dd>
              </div>
            </dl>
          </section>
          <section className="panel" aria-labelledby="cart-title">
            <h2 className="panel__title" id="cart-title">
              Your cart
            </h2>
            <p className="muted">
              {cart.isPending
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
