// @vitest-environment node
import {
  createClient,
  currentCart,
  isApiError,
  OAuthStrategy,
  STORES_APP_ID,
  TOKENS_UNAVAILABLE,
  type ApiError,
  type Tokens,
} from '@vitrine/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  startPlatform,
  testDatabaseUrl,
  type TestPlatform,
} from '../../platform/src/test-support/platform.js'
import { startFaultProxy, type FaultProxy } from './test-support/fault-proxy.js'
import { productIdOf } from './test-support/shop.js'

/*
 * A shopper's session through network trouble (README, "Sessions"), against a real platform behind
 * a fault-injecting proxy: only a refused refresh token ends a session; a platform that is stopped,
 * restarting, rate-limiting or failing keeps the member (and a visitor) with their cart, and calls
 * reject meanwhile with TOKENS_UNAVAILABLE.
 */

const CLIENT_ID = 'demo-storefront'
let database: Awaited<ReturnType<typeof testDatabaseUrl>>
let platform: TestPlatform
let proxy: FaultProxy
let productId: string
let seq = 0

const start = () =>
  startPlatform('sqlite', { databaseUrl: database.url, seed: 'demo', workers: false })

beforeAll(async () => {
  database = await testDatabaseUrl('sqlite')
  platform = await start()
  proxy = await startFaultProxy(platform.baseUrl)
  productId = await productIdOf(platform.baseUrl)
})
afterEach(() => proxy.heal())
afterAll(async () => {
  await proxy?.close()
  await platform?.close()
  await database?.cleanup()
})

/** A shopper's client through the proxy, starting from `tokens`; retries wait little. */
function shopperWith(tokens?: Tokens) {
  const auth = OAuthStrategy({ clientId: CLIENT_ID, tokens })
  const client = createClient({
    modules: { currentCart },
    auth,
    baseUrl: proxy.url,
    retry: { backoff: 20, maxDelay: 1500 },
  })
  const add = () =>
    client.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } },
      ],
    })
  const cart = async () =>
    (await client.currentCart.getCurrentCart()).lineItems.map((line) => line.quantity)
  /** The tokens' access token expired (as after an hour away), so the next call renews. */
  const expire = () => {
    const { accessToken, refreshToken } = auth.getTokens()
    auth.setTokens({ accessToken: { ...accessToken, expiresAt: 0 }, refreshToken })
  }
  return { auth, client, add, cart, expire }
}

/** A member signed on with the admin key, with one item in their cart. */
async function member() {
  const setup = OAuthStrategy({ clientId: CLIENT_ID })
  createClient({ modules: {}, auth: setup, baseUrl: platform.baseUrl })
  const tokens = await setup.getMemberTokensForExternalLoginWithSession(
    `trouble-${++seq}@example.com`,
    platform.adminKey,
  )
  const shopper = shopperWith(tokens)
  await shopper.add()
  shopper.expire()
  return shopper
}

/** The error `promise` rejects with. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: unknown) => error as ApiError,
  )

describe('refusals end the session (SPEC §4)', () => {
  it('a refresh token the platform does not know (400 invalid_grant): a new visitor', async () => {
    const shopper = shopperWith({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: 'not-a-refresh-token', role: 'member' },
    })
    const grants = await proxy.grantsDuring(() => shopper.add())
    expect(grants).toEqual(['refresh_token', 'anonymous'])
    expect(shopper.auth.loggedIn()).toBe(false)
    expect(await shopper.cart()).toEqual([1])
  })

  it('a 401 from the token endpoint: a new visitor with an empty cart', async () => {
    const shopper = await member()
    proxy.fail({ status: 401 })
    const grants = await proxy.grantsDuring(() => failure(shopper.cart()))
    expect(grants).toEqual(['refresh_token', 'anonymous'])
    expect(shopper.auth.getTokens().refreshToken.role).toBe('visitor')
  })
})

describe('trouble keeps the session', () => {
  it('the platform stopped: calls reject with TOKENS_UNAVAILABLE; restarted, the member renews and finds their cart', async () => {
    const shopper = await member()
    const before = shopper.auth.getTokens()
    await platform.close()
    let error!: ApiError
    let grants: string[]
    try {
      grants = await proxy.grantsDuring(async () => (error = await failure(shopper.cart())))
    } finally {
      platform = await start()
      proxy.retarget(platform.baseUrl)
    }
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ code: TOKENS_UNAVAILABLE, kind: 'system', status: 0 })
    expect(grants.length > 0 && grants.every((grant) => grant === 'refresh_token')).toBe(true)
    expect(shopper.auth.getTokens()).toEqual(before)

    expect(await shopper.cart()).toEqual([1])
    expect(shopper.auth.loggedIn()).toBe(true)
    expect(shopper.auth.getTokens().refreshToken).toEqual(before.refreshToken)
  })

  it('a restart drops the renewal’s connection: it is tried again, the member stays', async () => {
    const shopper = await member()
    proxy.fail('drop')
    const grants = await proxy.grantsDuring(async () => expect(await shopper.cart()).toEqual([1]))
    expect(grants).toEqual(['refresh_token', 'refresh_token'])
    expect(shopper.auth.loggedIn()).toBe(true)
  })

  it('503 while it lasts: retried, then calls reject with TOKENS_UNAVAILABLE; after, the member renews', async () => {
    const shopper = await member()
    proxy.fail({ status: 503 }, { lasting: true })
    let error!: ApiError
    const grants = await proxy.grantsDuring(async () => (error = await failure(shopper.add())))
    expect(error).toMatchObject({ code: TOKENS_UNAVAILABLE, kind: 'system', status: 503 })
    expect(grants).toEqual(['refresh_token', 'refresh_token', 'refresh_token'])
    expect(shopper.auth.loggedIn()).toBe(true)

    proxy.heal()
    // The rejected call was not sent: repeating it adds the item once.
    await shopper.add()
    expect(await shopper.cart()).toEqual([2])
  })

  it('429 with a short Retry-After: waited for, then renewed', async () => {
    const shopper = await member()
    proxy.fail({ status: 429, retryAfter: '1' })
    const grants = await proxy.grantsDuring(async () => expect(await shopper.cart()).toEqual([1]))
    expect(grants).toEqual(['refresh_token', 'refresh_token'])
    expect(shopper.auth.loggedIn()).toBe(true)
  })

  it('429 with a long Retry-After: calls reject at once with the wait, and no token request is made before it', async () => {
    const shopper = await member()
    proxy.fail({ status: 429, retryAfter: '120' }, { lasting: true })
    const first = await failure(shopper.cart())
    expect(first).toMatchObject({ code: TOKENS_UNAVAILABLE, status: 429, retryAfter: 120 })
    const grants = await proxy.grantsDuring(async () =>
      expect(await failure(shopper.add())).toBe(first),
    )
    expect(grants).toEqual([])
    expect(shopper.auth.loggedIn()).toBe(true)
  })

  it('a token endpoint that does not answer: the call times out with TOKENS_UNAVAILABLE, the member stays', async () => {
    const shopper = await member()
    proxy.fail('hang')
    const error = await failure(shopper.cart())
    expect(error).toMatchObject({ code: TOKENS_UNAVAILABLE, status: 0 })
    expect((error.cause as Error).name).toBe('TimeoutError')
    expect(shopper.auth.loggedIn()).toBe(true)
    expect(await shopper.cart()).toEqual([1])
  }, 30_000)

  it('a visitor whose renewal meets a dropped connection stays the same visitor, with their cart', async () => {
    const shopper = shopperWith()
    await shopper.add()
    const visitor = shopper.auth.getTokens().refreshToken
    shopper.expire()
    proxy.fail('drop')
    expect(await shopper.cart()).toEqual([1])
    expect(shopper.auth.getTokens().refreshToken).toEqual(visitor)
  })
})
