import type { Collection } from '@vitrine/client'
import { useCart, useCollections, useMember } from '@vitrine/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useCartUi } from '../cart/cart-ui'
import { BagIcon, CloseIcon, LogoMark, MenuIcon, SearchIcon, UserIcon } from '../components/icons'
import { itemCount } from '../lib/cart-count'
import { MAX_SEARCH } from '../lib/catalog-params'
import { useHydrated } from '../lib/hydrated'
import { useMemberName } from '../lib/member-name'

/** The collections the menu names, in this order, when the catalog has them. */
const MENU = ['new-arrivals', 'apparel', 'home-and-living', 'accessories', 'sale']

function menuCollections(collections: Collection[] | undefined): Collection[] {
  if (!collections) return []
  const known = MENU.map((slug) => collections.find((item) => item.slug === slug)).filter(
    (item) => item !== undefined,
  )
  return known.length ? known : collections.slice(0, 4)
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const collections = useCollections()
  const { pathname, search } = useLocation()
  const current = pathname === '/shop' ? new URLSearchParams(search).get('collection') : undefined
  const links = [
    { to: '/shop', label: 'Shop all', active: pathname === '/shop' && !current },
    ...menuCollections(collections.data).map((collection) => ({
      to: `/shop?collection=${collection.slug}`,
      label: collection.name ?? '',
      active: current === collection.slug,
    })),
  ]
  return (
    <ul className="nav__list">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            className="nav__link"
            to={link.to}
            aria-current={link.active ? 'page' : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

function SearchForm({ className }: { className: string }) {
  const id = useId()
  const navigate = useNavigate()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    navigate(q ? `/shop?q=${encodeURIComponent(q)}` : '/shop')
  }
  return (
    <form className={className} role="search" action="/shop" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Search products
      </label>
      <SearchIcon />
      <input
        id={id}
        className="input"
        type="search"
        name="q"
        maxLength={MAX_SEARCH}
        placeholder="Search products"
      />
    </form>
  )
}

/**
 * The account's link: the member's first name — from the platform, whichever device they logged
 * in on, else what they typed here — or "Account" (never the e-mail, too long for the header).
 */
function AccountLink() {
  const { status, member } = useMember()
  const name = useMemberName()
  const signedIn = status === 'member'
  const text = signedIn
    ? (name?.first ?? member?.profile?.firstName ?? 'Account')
    : status === 'loading'
      ? 'Account'
      : 'Log in'
  return (
    <Link className="account-link" to={signedIn ? '/account' : '/login'}>
      <UserIcon />
      <span className="account-link__text">
        {signedIn && <span className="visually-hidden">Account of </span>}
        {text}
      </span>
    </Link>
  )
}

/**
 * The cart's button: opens the drawer, and gets focus back when it closes. Until the page's
 * script runs (and without it) a link to the cart page; the count is the browser's to fill in.
 */
function CartButton() {
  const cart = useCart()
  const { openDrawer, opener } = useCartUi()
  const hydrated = useHydrated()
  const count = itemCount(cart.data)
  const badge = count > 0 && (
    <span className="count-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
  if (!hydrated)
    return (
      <Link className="icon-button" to="/cart" aria-label="Cart">
        <BagIcon />
      </Link>
    )
  return (
    <button
      ref={opener}
      type="button"
      className="icon-button"
      onClick={() => openDrawer()}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
    >
      <BagIcon />
      {badge}
    </button>
  )
}

/** The sticky header: logo, menu (a disclosure on small screens), search, account and cart. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const { key } = useLocation()
  useEffect(() => setMenuOpen(false), [key])

  return (
    <header className="header">
      <div className="container header__bar">
        {hydrated ? (
          <button
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        ) : (
          // Until the page's script runs (and without it), the footer's links are the menu.
          <a className="icon-button menu-button" href="#footer-shop" aria-label="Menu">
            <MenuIcon />
          </a>
        )}
        <Link className="logo" to="/" aria-label="Vitrine, home">
          <LogoMark />
          Vitrine
        </Link>
        <nav className="nav" aria-label="Main">
          <NavList />
        </nav>
        <div className="header__actions">
          <SearchForm className="header-search" />
          <AccountLink />
          <CartButton />
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="container mobile-menu" aria-label="Menu">
          <SearchForm className="header-search header-search--menu" />
          <NavList onNavigate={() => setMenuOpen(false)} />
        </nav>
      )}
    </header>
  )
}
