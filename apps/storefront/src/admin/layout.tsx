import { Link, NavLink, Outlet } from 'react-router'
import { useAdminSession } from './session'

/** The console's sections, each a navigation of its own (named by its heading). */
const NAV = [
  { id: 'nav-sales', label: 'Sales', items: [{ to: '/admin/orders', label: 'Orders', icon: '▤' }] },
  {
    id: 'nav-catalog',
    label: 'Catalog',
    items: [
      { to: '/admin/products', label: 'Products', icon: '▦' },
      { to: '/admin/collections', label: 'Collections', icon: '❏' },
    ],
  },
]

/** The console's frame: top bar, side navigation and the page. */
export function AdminLayout() {
  const session = useAdminSession()
  return (
    <div className="adm-admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="adm-topbar">
        <Link className="adm-topbar__brand" to="/admin/products">
          <span className="adm-brand-mark" aria-hidden="true">
            V
          </span>
          <span>
            Vitrine <span className="adm-topbar__product">admin</span>
          </span>
        </Link>
        <div className="adm-topbar__actions">
          <a className="adm-topbar__link" href="/" target="_blank" rel="noreferrer">
            View shop<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button
            type="button"
            className="adm-button adm-button--ghost"
            onClick={() => session.signOut()}
          >
            Sign out
          </button>
        </div>
      </header>
      <div className="adm-admin__body">
        <div className="adm-sidenav">
          <div className="adm-sidenav__groups">
            {NAV.map((group) => (
              <nav key={group.id} aria-labelledby={group.id}>
                <div id={group.id} className="adm-sidenav__heading">
                  {group.label}
                </div>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} className="adm-sidenav__link">
                        <span className="adm-sidenav__icon" aria-hidden="true">
                          {item.icon}
                        </span>
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <main id="admin-main" className="adm-admin__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  )
}
