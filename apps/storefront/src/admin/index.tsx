import { config } from '../config'
import { AdminConsole } from './admin-console'

/** The `/admin/*` route of the shop (a lazy chunk): the merchant console on the configured platform. */
export default function AdminRoute() {
  return <AdminConsole baseUrl={config.baseUrl} />
}
