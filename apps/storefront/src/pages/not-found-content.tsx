import { Link } from 'react-router'

/** "Not found" for a page, a product or a collection that does not exist. */
export function NotFoundContent({ what = 'page' }: { what?: string }) {
  return (
    <div className="state">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="state__title">We couldn’t find that {what}</h1>
      <p className="state__text">
        It may have moved or sold out for good. Try the shop — there is plenty more to see.
      </p>
      <div className="state__actions">
        <Link className="button button--primary" to="/shop">
          Browse the shop
        </Link>
        <Link className="button button--secondary" to="/">
          Go home
        </Link>
      </div>
    </div>
  )
}
