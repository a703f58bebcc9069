import { randomUUID } from 'node:crypto'
import {
  createClient,
  currentCart,
  memoryTokenStorage,
  OAuthStrategy,
  type Tokens,
} from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storesLine } from '../test-support/cart.js'
import { insertProduct } from '../test-support/catalog-fixtures.js'
import { signInNewMember, takeMemberTokens } from '../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../test-support/platform.js'
import { secretHash } from './secrets.js'

/*
 * A shopper whose stored tokens hold an access token the platform no longer knows (made up, a
 * database reset, revoked, expired early) is not stuck with a 401 on every call (SPEC §4, the
 * client's README): the real client renews it with the refresh token, or else starts a new
 * visitor, and sends the refused call again.
 */

const CLIENT_ID = 'demo-storefront'
const PASSWORD = 'correct horse 1'
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

describe.each(DIALECTS)('stale tokens on %s', (dialect) => {
  let platform: TestPlatform
  let mug: string
  let seq = 0
  const email = (name: string) => `${name}-${++seq}-${dialect}@example.com`

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    mug = (await insertProduct(platform.app.platform.db.kysely, { name: 'Mug' })).id
  })
  afterAll(() => platform.close())

  /** A shopper of the storefront's client whose storage starts with `tokens`. */
  const shopper = (tokens?: Tokens) => {
    const storage = memoryTokenStorage(tokens)
    const auth = OAuthStrategy({ clientId: CLIENT_ID, tokenStorage: storage })
    const { currentCart: cart } = createClient({
      modules: { currentCart },
      auth,
      baseUrl: platform.baseUrl,
    })
    return { storage, auth, cart }
  }

  /** Whether the platform takes `token` as a live access token. */
  const active = async (token: string) => {
    const response = await fetch(`${platform.baseUrl}/oauth2/token-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    return ((await response.json()) as { active: boolean }).active
  }

  it.each([
    ['an access token of ours', `vitrine_at_${randomUUID()}`, 'visitor'],
    ['a member’s, after a database reset', `vitrine_at_${randomUUID()}`, 'member'],
    ['garbage', 'garbage', 'visitor'],
  ] as const)(
    'made-up tokens (%s): a new visitor, who adds to the cart',
    async (_, value, role) => {
      const madeUp: Tokens = {
        accessToken: { value, expiresAt: inAnHour() },
        refreshToken: { value: `made-up-${randomUUID()}`, role },
      }
      const shop = shopper(madeUp)

      const { cart } = await shop.cart.addToCurrentCart({ lineItems: [storesLine(1, mug)] })
      expect(cart.lineItems.map((line) => line.quantity)).toEqual([1])
      expect((await shop.cart.getCurrentCart()).id).toBe(cart.id)

      const stored = shop.storage.get()!
      expect(stored.refreshToken.role).toBe('visitor')
      expect(stored.refreshToken.value).not.toBe(madeUp.refreshToken.value)
      expect(await active(stored.accessToken.value)).toBe(true)
      expect(shop.auth.loggedIn()).toBe(false)
    },
  )

  it('made-up tokens: the current cart of the new visitor is a 404 (no cart yet), not a 401', async () => {
    const shop = shopper({
      accessToken: { value: `vitrine_at_${randomUUID()}`, expiresAt: inAnHour() },
      refreshToken: { value: `made-up-${randomUUID()}`, role: 'visitor' },
    })
    await expect(shop.cart.getCurrentCart()).rejects.toMatchObject({
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
    })
    expect(await active(shop.storage.get()!.accessToken.value)).toBe(true)
  })

  it('revoked tokens (the member logged out on another device): signed out, a new visitor', async () => {
    const address = email('elsewhere')
    const member = shopper()
    await signInNewMember(member.auth, address, PASSWORD)
    await member.cart.addToCurrentCart({ lineItems: [storesLine(2, mug)] })
    const before = member.storage.get()!

    // The same member on another device logs out: every token of theirs is revoked.
    const device = shopper()
    const login = await device.auth.login({ email: address, password: PASSWORD })
    await takeMemberTokens(device.auth, login.data!.sessionToken!)
    const logout = await fetch(`${platform.baseUrl}/_api/iam/authentication/v1/logout`, {
      headers: { authorization: device.storage.get()!.accessToken.value },
    })
    expect(logout.status).toBe(200)
    expect(await active(before.accessToken.value)).toBe(false)

    const { cart } = await member.cart.addToCurrentCart({ lineItems: [storesLine(1, mug)] })
    expect(cart.lineItems.map((line) => line.quantity)).toEqual([1])
    expect((await member.cart.getCurrentCart()).id).toBe(cart.id)
    const after = member.storage.get()!
    expect(after.refreshToken.role).toBe('visitor')
    expect(after.refreshToken.value).not.toBe(before.refreshToken.value)
    expect(member.auth.loggedIn()).toBe(false)
  })

  it('an access token the platform holds expired (clocks differ): renewed, the same member and cart', async () => {
    const member = shopper()
    await signInNewMember(member.auth, email('early'), PASSWORD)
    const { cart: first } = await member.cart.addToCurrentCart({ lineItems: [storesLine(2, mug)] })
    const before = member.storage.get()!
    await platform.app.platform.db.kysely
      .updateTable('tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', secretHash(before.accessToken.value))
      .execute()

    const cart = await member.cart.getCurrentCart()
    expect(cart.id).toBe(first.id)
    const after = member.storage.get()!
    expect(after.refreshToken).toEqual(before.refreshToken)
    expect(after.accessToken.value).not.toBe(before.accessToken.value)
    expect(member.auth.loggedIn()).toBe(true)
  })
})
