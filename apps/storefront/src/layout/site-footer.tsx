import { Link } from 'react-router'
import { LogoMark } from '../components/icons'

/** The footer: what the shop is, where to shop, the member pages, the small print. */
export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__grid">
          <div className="footer__brand">
            <Link className="logo" to="/">
              <LogoMark />
              Vitrine
            </Link>
            <p>
              Everyday clothing, homeware and accessories in natural materials. Free standard
              shipping over $100 and 30-day returns.
            </p>
          </div>
          <nav aria-labelledby="footer-shop">
            <h2 className="footer__title" id="footer-shop">
              Shop
            </h2>
            <ul className="footer__list">
              <li>
                <Link to="/shop">All products</Link>
              </li>
              <li>
                <Link to="/shop?collection=new-arrivals">New arrivals</Link>
              </li>
              <li>
                <Link to="/shop?collection=sale">Sale</Link>
              </li>
              <li>
                <Link to="/shop?collection=digital">Gift cards</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-account">
            <h2 className="footer__title" id="footer-account">
              Your account
            </h2>
            <ul className="footer__list">
              <li>
                <Link to="/account">Account</Link>
              </li>
              <li>
                <Link to="/register">Create an account</Link>
              </li>
              <li>
                <Link to="/cart">Cart</Link>
              </li>
              <li>
                <Link to="/forgot-password">Reset your password</Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="footer__title">Good to know</h2>
            <ul className="footer__list">
              <li>Standard delivery in 3–5 business days</li>
              <li>Store pickup in New York</li>
              <li>Secure checkout</li>
            </ul>
          </div>
        </div>
        <div className="footer__bottom">
          <p>© {new Date().getFullYear()} Vitrine. A demo shop on the Vitrine platform.</p>
          <p>Prices in US dollars.</p>
        </div>
      </div>
    </footer>
  )
}
