import { renderHook, waitFor } from '@testing-library/react'
import { toApiError } from '@vitrine/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { useCart } from './cart.js'
import { createVitrineClient } from './clients.js'
import { useMerchantClient } from './merchant-provider.js'
import { createVitrineQueryClient, useVitrineClient } from './provider.js'
import { providers, startShop } from './test-support/shop.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startShop()
})
afterAll(() => platform.close())
afterEach(() => localStorage.clear())

describe('providers', () => {
  it('say clearly when a hook is used outside them', () => {
    expect(() => renderHook(() => useVitrineClient())).toThrow(
      'useVitrineClient() needs a <VitrineProvider> above it',
    )
    expect(() => renderHook(() => useMerchantClient())).toThrow(
      'useMerchantClient() needs a <MerchantProvider> above it',
    )
  })

  it('retry a query only when the server failed or did not answer, never a 4xx', () => {
    const retry = createVitrineQueryClient().getDefaultOptions().queries!.retry as (
      failures: number,
      error: unknown,
    ) => boolean
    expect(retry(0, toApiError(404, 'Not Found', {}))).toBe(false)
    expect(retry(0, toApiError(429, 'Too Many Requests', {}))).toBe(false)
    expect(retry(0, toApiError(503, 'Service Unavailable', {}))).toBe(true)
    expect(retry(1, toApiError(0, '', undefined))).toBe(true)
    expect(retry(2, toApiError(503, 'Service Unavailable', {}))).toBe(false)
    expect(retry(0, new TypeError('a bug'))).toBe(false)
  })

  it('keep the visitor’s tokens in localStorage by default, so a reload is the same visitor', async () => {
    const options = { clientId: 'demo-storefront', baseUrl: platform.baseUrl }
    const first = createVitrineClient(options)
    const { result } = renderHook(() => useCart(), { wrapper: providers(first) })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const stored = JSON.parse(localStorage.getItem('vitrine-tokens')!)
    expect(stored.refreshToken.role).toBe('visitor')

    const reloaded = createVitrineClient(options)
    expect(reloaded.auth.getTokens()).toEqual(first.auth.getTokens())
  })

  it('tell token listeners of changes in this tab and in others', () => {
    const client = createVitrineClient({ clientId: 'demo-storefront', baseUrl: platform.baseUrl })
    const seen: boolean[] = []
    const stop = client.subscribeTokens(() => seen.push(client.auth.loggedIn()))
    const member = {
      accessToken: { value: 'a', expiresAt: 4_000_000_000 },
      refreshToken: { value: 'r', role: 'member' as const },
    }
    client.auth.setTokens({ ...member, refreshToken: { value: 'v', role: 'visitor' } })
    // Another tab writes the tokens; the browser tells this one with a `storage` event.
    const newValue = JSON.stringify(member)
    localStorage.setItem('vitrine-tokens', newValue)
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'vitrine-tokens', newValue, storageArea: localStorage }),
    )
    stop()
    client.auth.setTokens({ ...member, refreshToken: { value: 'w', role: 'visitor' } })
    expect(seen).toEqual([false, true])
  })
})
