import { act, renderHook, waitFor } from '@testing-library/react'
import { memoryTokenStorage } from '@vitrine/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { useAddToCart } from './cart-mutations.js'
import { useCart } from './cart.js'
import { createVitrineClient } from './clients.js'
import { useIsOffline } from './network.js'
import { startFaultProxy, type FaultProxy } from './test-support/fault-proxy.js'
import { productIdOf, providers, startShop } from './test-support/shop.js'

let platform: TestPlatform
let proxy: FaultProxy
let productId: string

beforeAll(async () => {
  platform = await startShop()
  proxy = await startFaultProxy(platform.baseUrl)
  productId = await productIdOf(platform.baseUrl)
})
afterEach(() => {
  proxy.heal()
  window.dispatchEvent(new Event('online'))
})
afterAll(async () => {
  await proxy?.close()
  await platform?.close()
})

/** A new visitor's cart hooks and offline state, through the proxy. */
async function visitor() {
  const client = createVitrineClient({
    clientId: 'demo-storefront',
    baseUrl: proxy.url,
    storage: memoryTokenStorage(),
  })
  const view = renderHook(
    () => ({ cart: useCart(), add: useAddToCart(), offline: useIsOffline() }),
    {
      wrapper: providers(client),
    },
  )
  await waitFor(() => expect(view.result.current.cart.isSuccess).toBe(true))
  return { ...view, client }
}

const quantities = (cart: { lineItems: { quantity?: number }[] } | null | undefined) =>
  cart?.lineItems.map((line) => line.quantity) ?? []

describe('offline and network trouble', () => {
  it('useIsOffline follows the browser; an addition made offline waits and lands when it is back', async () => {
    const { result } = await visitor()
    expect(result.current.offline).toBe(false)

    act(() => void window.dispatchEvent(new Event('offline')))
    expect(result.current.offline).toBe(true)
    act(() => result.current.add.mutate({ productId, quantity: 2 }))
    await waitFor(() => expect(result.current.add.isPaused).toBe(true))
    expect(quantities(result.current.cart.data)).toEqual([2])

    act(() => void window.dispatchEvent(new Event('online')))
    expect(result.current.offline).toBe(false)
    await waitFor(() => expect(result.current.add.isSuccess).toBe(true))
    expect(quantities(result.current.cart.data)).toEqual([2])
  })

  it('an addition that could not get tokens (TOKENS_UNAVAILABLE) is tried again and lands once it can', async () => {
    const { result, client } = await visitor()
    const visitorTokens = client.auth.getTokens()
    client.auth.setTokens({ ...visitorTokens, accessToken: { value: '', expiresAt: 0 } })
    proxy.fail('drop', { lasting: true })

    act(() => result.current.add.mutate({ productId, quantity: 1 }))
    await waitFor(() => expect(result.current.add.failureCount).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    expect(result.current.add.isError).toBe(false)
    proxy.heal()
    await waitFor(() => expect(result.current.add.isSuccess).toBe(true), { timeout: 15_000 })
    expect(quantities(result.current.cart.data)).toEqual([1])
    expect(client.auth.getTokens().refreshToken).toEqual(visitorTokens.refreshToken)
  })
})
