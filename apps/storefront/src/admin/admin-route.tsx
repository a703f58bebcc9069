import { createMerchantClient, type MerchantClient } from '@vitrine/react'
import { LoadingState } from '../components/status'
import { staticMeta } from '../lib/head'
import { useHydrated } from '../lib/hydrated'
import { personal } from '../server/cache-headers.server'
import { AdminConsole } from './admin-console'
import { sessionOf } from './admin-sessions.server'
import type { Route } from './+types/admin-route'

/** Whether the console is signed in: its session's token (never the admin key), or none. */
export const loader = ({ request }: Route.LoaderArgs) => ({
  token: sessionOf(request)?.token ?? null,
})

/** The console's pages change below this route: its session stays what the page learnt. */
export const shouldRevalidate = () => false

export const meta = staticMeta({ title: 'Vitrine admin', noindex: true })
export const headers = personal

/** The console's client: its calls go to this shop's server, which adds the admin key. */
const throughShop = (token: string): MerchantClient =>
  createMerchantClient({ apiKey: token, baseUrl: `${location.origin}/admin/api` })

/** `/admin/*`, the merchant console: it runs in the browser once the page's script is there. */
export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData
  if (!useHydrated()) return <LoadingState label="Opening the console…" />
  return <AdminConsole token={token} clientFor={throughShop} />
}
