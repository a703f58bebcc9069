import { Link } from 'react-router'
import { PageHeader } from './page-header'

/** An admin address that leads nowhere. */
export function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="adm-panel adm-panel--padded">
        <p>There is nothing at this address.</p>
        <Link to="/admin/products" className="adm-button">
          Go to products
        </Link>
      </div>
    </>
  )
}
