/*
 * What the console's component tests share: the demo platform, the console rendered as the shop
 * mounts it, and a merchant client to check what the platform holds. Imported by tests only.
 */
import { cleanup, configure, render } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { memoryTokenStorage } from '@vitrine/client'
import { createMerchantClient, createVitrineClient, VitrineProvider } from '@vitrine/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach } from 'vitest'
import {
  startPlatform,
  type TestPlatform,
} from '../../../../packages/platform/src/test-support/platform'
import { AdminConsole } from './admin-console'

// Without Vitest globals, Testing Library cannot register these itself.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
// Each step waits on a real platform on a shared machine: give `findBy…` room.
configure({ asyncUtilTimeout: 5000 })
afterEach(() => cleanup())

/** The demo shop on a fresh database, reachable from the test page's origin. */
export const startDemoPlatform = (): Promise<TestPlatform> =>
  startPlatform('sqlite', { seed: 'demo', allowedOrigins: [location.origin], workers: false })

/** The merchant's client, to read what the platform holds after the console wrote. */
export const merchantOf = (platform: TestPlatform, fetch?: typeof globalThis.fetch) =>
  createMerchantClient({ apiKey: platform.adminKey, baseUrl: platform.baseUrl, fetch })

/**
 * The console at `path`, signed in, inside the shop's providers and a router that mounts it at
 * `/admin/*`. Its calls go straight to the platform with the admin key, as the shop's server
 * passes them on (`api-proxy.ts`, which the end-to-end tests drive).
 */
export function renderAdmin(
  platform: TestPlatform,
  path: string,
  {
    fetch,
    queryClient,
  }: {
    /** The console's `fetch` (to watch its requests). Default: the global one. */
    fetch?: typeof globalThis.fetch
    /** The shop's query cache (to look into it). Default: a new one. */
    queryClient?: QueryClient
  } = {},
) {
  const shopper = createVitrineClient({
    clientId: 'demo-storefront',
    baseUrl: platform.baseUrl,
    storage: memoryTokenStorage(),
  })
  const user = userEvent.setup()
  const view = render(
    <VitrineProvider client={shopper} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <AdminConsole
                token={platform.adminKey}
                clientFor={() => merchantOf(platform, fetch)}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </VitrineProvider>,
  )
  return { user, ...view }
}

export { placeOrder, storesLine } from '../../../../packages/react/src/test-support/orders'
