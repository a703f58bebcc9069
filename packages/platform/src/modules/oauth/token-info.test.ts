import {
  ApiKeyStrategy,
  createClient,
  currentCart,
  members,
  OAuthStrategy,
  redirects,
  tokenInfo,
} from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretHash } from '../../auth/secrets.js'
import { checkoutPage, payOnCheckoutPage, storesLine } from '../../test-support/cart.js'
import { insertProduct, insertShippingRule } from '../../test-support/catalog-fixtures.js'
import { signInNewMember } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'

/*
 * `POST /oauth2/token-info` through real HTTP: who a visitor's and a member's access tokens stand
 * for (the ids their orders' `buyerInfo` names), `{active: false}` for every token that does not
 * work, and the body's bounds.
 */

const THANKS = 'http://localhost:5173/thank-you'
const PASSWORD = 'correct horse 1'
type Json = Record<string, any>

describe.each(DIALECTS)('POST /oauth2/token-info on %s', (dialect) => {
  let platform: TestPlatform
  let mug: string
  let seq = 0
  const email = (name: string) => `${name}-${++seq}-${dialect}@example.com`

  /** Posts `body` (JSON unless a string) to the token-info endpoint, with no Authorization. */
  const post = async (body: unknown) => {
    const response = await fetch(`${platform.baseUrl}/oauth2/token-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Json,
    }
  }
  /** The token-info answer for `token` (must be a 200). */
  const info = async (token: string) => {
    const answer = await post({ token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  /** A shopper of the storefront's client: a visitor until it signs in. */
  const shopper = () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    const client = createClient({
      modules: { currentCart, redirects, authentication, members },
      auth,
      baseUrl: platform.baseUrl,
    })
    return { auth, client }
  }
  type Shopper = ReturnType<typeof shopper>
  /** `shop`'s current access token (fetching visitor tokens first if it has none). */
  const accessToken = async (shop: Shopper) =>
    (await shop.auth.getAuthHeaders()).headers.Authorization!

  /** Registers `address` and signs `shop` in as that member (member tokens of the code flow). */
  const signIn = (shop: Shopper, address: string) => signInNewMember(shop.auth, address, PASSWORD)

  /** Places an order of one mug as `shop` through the hosted checkout page: the order. */
  const placeOrder = async (shop: Shopper, buyer: string) => {
    await shop.client.currentCart.addToCurrentCart({ lineItems: [storesLine(1, mug)] })
    const { url } = await checkoutPage(shop.client, buyer, { thankYouPageUrl: THANKS })
    const id = await payOnCheckoutPage(url, buyer)
    const order = await fetch(`${platform.baseUrl}/ecom/v1/orders/${id}`, {
      headers: { authorization: platform.adminKey },
    })
    expect(order.status).toBe(200)
    return ((await order.json()) as Json).order as Json
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const settings = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: false, captchaRequired: false }),
    })
    expect(settings.status).toBe(200)
    const db = platform.app.platform.db.kysely
    mug = (await insertProduct(db, { name: 'Stoneware Mug', price: 12 })).id
    await insertShippingRule(db, {
      code: 'standard',
      title: 'Standard',
      countries: ['US'],
      rate: 5,
      deliveryTime: '3–5 days',
      position: 0,
    })
  })
  afterAll(() => platform.close())

  it("answers a visitor's access token: VISITOR, the visitor's id, the client and its lifetime", async () => {
    const shop = shopper()
    const before = Math.floor(Date.now() / 1000)
    const token = await accessToken(shop)
    const after = Math.ceil(Date.now() / 1000)
    const { status, headers, body } = await post({ token })
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toEqual({
      active: true,
      subjectType: 'VISITOR',
      subjectId: expect.any(String),
      exp: expect.stringMatching(/^\d+$/),
      iat: expect.stringMatching(/^\d+$/),
      clientId: 'demo-storefront',
    })
    expect(Number(body.iat)).toBeGreaterThanOrEqual(before)
    expect(Number(body.iat)).toBeLessThanOrEqual(after)
    expect(Number(body.exp) - Number(body.iat)).toBe(
      platform.app.platform.config.accessTokenTtlSeconds,
    )
    // The cart names the same visitor as its buyer.
    const { cart } = await shop.client.currentCart.addToCurrentCart({
      lineItems: [storesLine(1, mug)],
    })
    expect(cart.buyerInfo).toEqual({ visitorId: body.subjectId })
    // Another visitor is another subject.
    expect((await info(await accessToken(shopper()))).subjectId).not.toBe(body.subjectId)
  })

  it('answers a refreshed access token with the same subject', async () => {
    const shop = shopper()
    const first = await shop.auth.generateVisitorTokens()
    const renewed = await shop.auth.renewToken(first.refreshToken)
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value)
    const [was, is] = [await info(first.accessToken.value), await info(renewed.accessToken.value)]
    expect(is).toMatchObject({ active: true, subjectType: 'VISITOR', subjectId: was.subjectId })
  })

  it("answers a member's access token after login: MEMBER and the member's id, no longer the visitor", async () => {
    const shop = shopper()
    const visitor = await info(await accessToken(shop))
    expect(visitor.subjectType).toBe('VISITOR')
    await signIn(shop, email('member'))
    const member = await info(await accessToken(shop))
    const { member: current } = await shop.client.members.getCurrentMember()
    expect(member).toMatchObject({
      active: true,
      subjectType: 'MEMBER',
      subjectId: current.id,
      clientId: 'demo-storefront',
    })
    expect(member.subjectId).not.toBe(visitor.subjectId)
    // A refreshed member token is the same member.
    const renewed = await shop.auth.renewToken(shop.auth.getTokens().refreshToken)
    expect(await info(renewed.accessToken.value)).toMatchObject({
      subjectType: 'MEMBER',
      subjectId: current.id,
    })
  })

  it('names the buyer of the orders the tokens place: buyerInfo.visitorId, buyerInfo.memberId', async () => {
    const visitor = shopper()
    const visitorOrder = await placeOrder(visitor, email('visitor-buyer'))
    expect(await info(await accessToken(visitor))).toMatchObject({
      subjectType: 'VISITOR',
      subjectId: visitorOrder.buyerInfo.visitorId,
    })

    const member = shopper()
    const address = email('member-buyer')
    await signIn(member, address)
    const memberOrder = await placeOrder(member, address)
    expect(memberOrder.buyerInfo.memberId).toEqual(expect.any(String))
    expect(await info(await accessToken(member))).toMatchObject({
      subjectType: 'MEMBER',
      subjectId: memberOrder.buyerInfo.memberId,
    })
  })

  it('answers only {active: false} for a revoked, expired, unknown or other kind of token', async () => {
    const inactive = { active: false }
    // Revoked: the member logged out, which ends the access tokens of its refresh token.
    const shop = shopper()
    await signIn(shop, email('logout'))
    const tokens = shop.auth.getTokens()
    expect((await info(tokens.accessToken.value)).active).toBe(true)
    const logout = await fetch(`${platform.baseUrl}/_api/iam/authentication/v1/logout`, {
      headers: { authorization: tokens.accessToken.value },
    })
    expect(logout.status).toBe(200)
    expect(await info(tokens.accessToken.value)).toEqual(inactive)

    // Expired.
    const visitor = await shopper().auth.generateVisitorTokens()
    await platform.app.platform.db.kysely
      .updateTable('tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', secretHash(visitor.accessToken.value))
      .execute()
    expect(await info(visitor.accessToken.value)).toEqual(inactive)

    // A refresh token, the admin API key, garbage and an empty string are no access tokens.
    for (const token of [visitor.refreshToken.value, platform.adminKey, 'garbage', ''])
      expect(await info(token)).toEqual(inactive)
  })

  it("is read by the client's tokenInfo module, on a server's elevated client", async () => {
    const server = createClient({
      modules: { tokenInfo },
      auth: ApiKeyStrategy({ apiKey: platform.adminKey }),
      baseUrl: platform.baseUrl,
    })
    const shop = shopper()
    const token = await accessToken(shop)
    expect(await server.tokenInfo.getTokenInfo({ token })).toEqual(await info(token))
    expect(await server.tokenInfo.getTokenInfo({ token: 'garbage' })).toEqual({
      active: false,
      subjectType: 'UNKNOWN',
    })
  })

  it('refuses a body without a string token (at most 1024 characters) with field violations', async () => {
    const violation = (violatedRule: string) => ({
      message: expect.any(String),
      details: {
        validationError: {
          fieldViolations: [
            expect.objectContaining({
              field: 'token',
              violatedRule,
              description: expect.any(String),
            }),
          ],
        },
      },
    })
    for (const [body, rule] of [
      [{}, 'REQUIRED_FIELD'],
      [{ token: 42 }, 'VALIDATION'],
      [{ token: null }, 'VALIDATION'],
      [{ token: 'x'.repeat(1025) }, 'MAX_LENGTH'],
    ] as const) {
      const refused = await post(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body).toEqual(violation(rule))
    }
    const notJson = await post('token=abc')
    expect(notJson.status).toBe(400)
  })
})
