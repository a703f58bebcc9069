import { memoryTokenStorage } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { createVitrineClient } from './clients.js'
import { startShop } from './test-support/shop.js'

let platform: TestPlatform
beforeAll(async () => {
  platform = await startShop()
})
afterAll(() => platform.close())

/** The global `fetch`, noting the headers of every request by path. */
function recordingFetch() {
  const sent = new Map<string, Headers>()
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    sent.set(new URL(request.url).pathname, request.headers)
    return fetch(request)
  }
  return { fetch: recording, sent }
}

describe('createVitrineClient', () => {
  it('loads the identity and redirect modules on first use, once, on the shopper’s tokens and headers', async () => {
    const { fetch, sent } = recordingFetch()
    const client = createVitrineClient({
      clientId: 'demo-storefront',
      baseUrl: platform.baseUrl,
      storage: memoryTokenStorage(),
      fetch,
    })
    client.setHeaders({ 'x-shop-test': 'before' })
    const identity = await client.identity()
    expect(await client.identity()).toBe(identity)
    expect(Object.keys(identity).sort()).toEqual(['authentication', 'recovery', 'verification'])
    client.setHeaders({ 'x-shop-test': 'after' })

    await identity.recovery.sendRecoveryEmail('nobody@example.com')
    const recovery = sent.get('/_api/iam/recovery/v1/send-email')!
    expect(recovery.get('authorization')).toBe(client.auth.getTokens().accessToken.value)
    expect(recovery.get('x-shop-test')).toBe('after')

    const { redirects } = await client.redirects()
    expect(await client.redirects()).toEqual({ redirects })
    expect(typeof redirects.createRedirectSession).toBe('function')
    // The eager modules share the same headers.
    await client.collections.queryCollections().limit(1).find()
    expect(
      [...sent].some(
        ([path, headers]) => /collections/.test(path) && headers.get('x-shop-test') === 'after',
      ),
    ).toBe(true)
  })

  it('renews tokens the platform refuses for the lazily loaded modules too: a new visitor', async () => {
    const { fetch, sent } = recordingFetch()
    const madeUp = {
      accessToken: { value: 'vitrine_at_made-up', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: 'made-up-refresh', role: 'member' as const },
    }
    const storage = memoryTokenStorage(madeUp)
    const client = createVitrineClient({
      clientId: 'demo-storefront',
      baseUrl: platform.baseUrl,
      storage,
      fetch,
    })
    const { redirects } = await client.redirects()
    const { redirectSession } = await redirects.createRedirectSession({ login: {} })
    expect(redirectSession.fullUrl).toEqual(expect.any(String))
    // Refused, renewal refused, so a new visitor, whose tokens the call was sent again with.
    const tokens = storage.get()!
    expect(tokens.refreshToken.role).toBe('visitor')
    expect(tokens.accessToken.value).not.toBe(madeUp.accessToken.value)
    expect(sent.get('/_api/redirects-api/v1/redirect-session')?.get('authorization')).toBe(
      tokens.accessToken.value,
    )
  })
})
