import {
  createClient,
  currentCart,
  OAuthStrategy,
  redirects,
  STORES_APP_ID,
  type AuthStrategy,
  type RedirectSessionOptions,
} from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { insertProduct } from '../../test-support/catalog-fixtures.js'
import { secretHash } from '../../auth/secrets.js'
import { SESSION_TTL_MS } from './service.js'
import { rejection } from '../../test-support/rejection.js'

const STOREFRONT = 'http://localhost:5173'

describe.each(DIALECTS)('redirect sessions on %s', (dialect) => {
  let platform: TestPlatform
  const db = () => platform.app.platform.db.kysely
  const client = (auth: AuthStrategy = OAuthStrategy({ clientId: 'demo-storefront' })) =>
    createClient({ modules: { currentCart, redirects }, auth, baseUrl: platform.baseUrl })
  const create = (options: RedirectSessionOptions, auth?: AuthStrategy) =>
    client(auth).redirects.createRedirectSession(options)
  const stored = (id: string) =>
    db().selectFrom('redirect_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const violations = async (options: unknown) => {
    const error = await rejection(create(options as RedirectSessionOptions))
    expect(error).toMatchObject({ status: 400, kind: 'validation' })
    return error.fieldViolations!.map(({ field, violatedRule }) => ({ field, violatedRule }))
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())

  it('creates a login session on the hosted login page of the URL it was called on, for 30 minutes', async () => {
    const before = Date.now()
    const { redirectSession } = await create({ login: {} })
    const endpoint = `${platform.baseUrl}/_vitrine/login`
    expect(redirectSession).toEqual({
      id: expect.any(String),
      fullUrl: `${endpoint}?session=${redirectSession.id}`,
      urlDetails: { endpoint, searchParams: { session: redirectSession.id } },
      shortUrl: `${endpoint}?session=${redirectSession.id}`,
    })
    const row = await stored(redirectSession.id)
    expect(row).toMatchObject({
      intent: 'login',
      client_id: 'demo-storefront',
      full_url: redirectSession.fullUrl,
    })
    expect(JSON.parse(row.request)).toEqual({ login: {} })
    const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_date)
    expect(lifetime).toBe(SESSION_TTL_MS)
    expect(Date.parse(row.created_date)).toBeGreaterThanOrEqual(before - 1000)
  })

  it('builds its URLs from the public URL, never from the Host header', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    client(auth)
    const { headers } = await auth.getAuthHeaders()
    for (const host of ['evil.test', 'shop.test:8080', platform.baseUrl.slice('http://'.length)]) {
      const response = await platform.app.inject({
        method: 'POST',
        url: '/_api/redirects-api/v1/redirect-session',
        headers: {
          host,
          'x-forwarded-host': 'evil.test',
          'x-forwarded-proto': 'https',
          authorization: headers.Authorization!,
          'content-type': 'application/json',
        },
        payload: { login: {} },
      })
      expect(response.statusCode).toBe(200)
      const { redirectSession } = response.json<{
        redirectSession: { fullUrl: string; urlDetails: { endpoint: string } }
      }>()
      expect(redirectSession.urlDetails.endpoint, host).toBe(`${platform.baseUrl}/_vitrine/login`)
      expect(redirectSession.fullUrl.startsWith(`${platform.baseUrl}/_vitrine/login?`)).toBe(true)
    }
    // A configured public URL is used as it is, path included.
    const behind = await startPlatform(dialect, { publicUrl: 'https://shop.test/platform' })
    try {
      const other = OAuthStrategy({ clientId: 'demo-storefront' })
      const { redirectSession } = await createClient({
        modules: { redirects },
        auth: other,
        baseUrl: behind.baseUrl,
      }).redirects.createRedirectSession({ login: {} })
      expect(redirectSession.urlDetails?.endpoint).toBe('https://shop.test/platform/_vitrine/login')
    } finally {
      await behind.close()
    }
  })

  it("gives the client's logout URL, with its post-flow URL on the allow-list", async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    client(auth)
    await auth.getAuthHeaders()
    const { logoutUrl } = await auth.logout(`${STOREFRONT}/account`)
    const url = new URL(logoutUrl)
    expect(url.origin + url.pathname).toBe(`${platform.baseUrl}/_vitrine/logout`)
    const row = await stored(url.searchParams.get('session')!)
    expect(JSON.parse(row.request)).toEqual({
      logout: { clientId: 'demo-storefront' },
      callbacks: { postFlowUrl: `${STOREFRONT}/account` },
    })
    expect(
      await violations({
        logout: { clientId: 'demo-storefront' },
        callbacks: { postFlowUrl: 'https://evil.test/steal' },
      }),
    ).toEqual([{ field: 'callbacks.postFlowUrl', violatedRule: 'VALIDATION' }])
    expect(await violations({ logout: { clientId: 'nobody' } })).toEqual([
      { field: 'logout.clientId', violatedRule: 'VALIDATION' },
    ])
  })

  it('refuses spaces and control characters in callback URLs, and keeps the others percent-encoded', async () => {
    for (const bad of [
      `${STOREFRONT}/a\r\nSet-Cookie: x=1`,
      `${STOREFRONT}/a b`,
      `${STOREFRONT}/\u0000`,
    ])
      expect(await violations({ login: {}, callbacks: { postFlowUrl: bad } }), bad).toEqual([
        { field: 'callbacks.postFlowUrl', violatedRule: 'FORMAT' },
      ])
    const { logoutUrl } = await (async () => {
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      client(auth)
      await auth.getAuthHeaders()
      return auth.logout(`${STOREFRONT}/au revoir/€?à=ü#é`.replace(' ', '-'))
    })()
    const encoded = `${STOREFRONT}/au-revoir/%E2%82%AC?%C3%A0=%C3%BC#%C3%A9`
    const row = await stored(new URL(logoutUrl).searchParams.get('session')!)
    expect(JSON.parse(row.request).callbacks).toEqual({ postFlowUrl: encoded })
    // The logout page redirects there: never a 500 for a header it cannot write.
    const response = await fetch(logoutUrl, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(encoded)
  })

  it('creates an auth session for the PKCE request of the client, echoing its session token', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    client(auth)
    const oauthData = await auth.generateOAuthData(`${STOREFRONT}/callback`)
    const login = await auth.getAuthUrl(oauthData)
    expect(login.authorizationEndpoint).toBe(`${platform.baseUrl}/_vitrine/authorize`)
    expect(login.sessionToken).toBeUndefined()
    const session = new URL(login.authUrl).searchParams.get('session')!
    const row = await stored(session)
    expect(row.intent).toBe('auth')
    expect(JSON.parse(row.request)).toEqual({
      auth: {
        authRequest: {
          redirectUri: `${STOREFRONT}/callback`,
          clientId: 'demo-storefront',
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
        },
        prompt: 'login',
      },
    })
    const silent = await auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'web_message',
      sessionToken: 'session-token-1',
    })
    expect(silent.sessionToken).toBe('session-token-1')
  })

  it('keeps an auth session token only as its key for the client, never in clear', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    client(auth)
    const oauthData = await auth.generateOAuthData(`${STOREFRONT}/callback`)
    const sessionToken = 'session-token-in-clear-2'
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', sessionToken })
    const row = await stored(new URL(authUrl).searchParams.get('session')!)
    for (const column of Object.values(row)) expect(String(column)).not.toContain(sessionToken)
    const request = JSON.parse(row.request) as {
      auth: { authRequest: Record<string, unknown> }
    }
    expect(request.auth.authRequest.sessionToken).toBeUndefined()
    expect(request.auth.authRequest.sessionTokenKey).toBe(
      secretHash(sessionToken, 'demo-storefront'),
    )

    // A key sent by the caller (e.g. read from a leaked database) is never kept.
    const forged = await create({
      auth: {
        authRequest: {
          redirectUri: `${STOREFRONT}/callback`,
          clientId: 'demo-storefront',
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseType: 'code',
          state: oauthData.state,
          sessionTokenKey: secretHash(sessionToken, 'demo-storefront'),
        },
      },
    } as unknown as RedirectSessionOptions)
    const forgedRow = await stored(forged.redirectSession.id)
    expect(JSON.parse(forgedRow.request).auth.authRequest).not.toHaveProperty('sessionTokenKey')
  })

  it('refuses an auth request off the allow-list, without S256, or of another client', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    client(auth)
    const oauthData = await auth.generateOAuthData(`${STOREFRONT}/callback`)
    const request = {
      redirectUri: `${STOREFRONT}/callback`,
      clientId: 'demo-storefront',
      codeChallenge: oauthData.codeChallenge,
      codeChallengeMethod: 'S256',
      responseMode: 'fragment',
      responseType: 'code',
      scope: 'offline_access',
      state: oauthData.state,
    }
    const auth_ = (changes: object, extra: object = {}) => ({
      auth: { authRequest: { ...request, ...changes }, prompt: 'login' },
      ...extra,
    })
    expect(await violations(auth_({ redirectUri: 'https://evil.test/callback' }))).toEqual([
      { field: 'auth.authRequest.redirectUri', violatedRule: 'VALIDATION' },
    ])
    expect(await violations(auth_({ redirectUri: 'javascript:alert(1)' }))).toEqual([
      { field: 'auth.authRequest.redirectUri', violatedRule: 'FORMAT' },
    ])
    expect(await violations(auth_({ codeChallengeMethod: 'plain' }))).toEqual([
      { field: 'auth.authRequest.codeChallengeMethod', violatedRule: 'INVALID_ENUM_VALUE' },
    ])
    expect(await violations(auth_({ codeChallenge: 'short' }))).toEqual([
      { field: 'auth.authRequest.codeChallenge', violatedRule: 'FORMAT' },
    ])
    expect(await violations(auth_({ clientId: 'nobody' }))).toEqual([
      { field: 'auth.authRequest.clientId', violatedRule: 'VALIDATION' },
    ])
    expect(
      await violations(auth_({}, { callbacks: { postFlowUrl: 'https://evil.test/' } })),
    ).toEqual([{ field: 'callbacks.postFlowUrl', violatedRule: 'VALIDATION' }])
    // JSON leaves undefined fields out: the request goes without a state.
    expect(await violations({ auth: { authRequest: { ...request, state: undefined } } })).toEqual([
      { field: 'auth.authRequest.state', violatedRule: 'REQUIRED_FIELD' },
    ])

    // A client that exists, but not the one of the caller's token.
    await db()
      .insertInto('oauth_clients')
      .values({ id: 'other-shop', name: 'Other', created_date: new Date().toISOString() })
      .execute()
    await db()
      .insertInto('oauth_client_origins')
      .values({ client_id: 'other-shop', origin: 'https://other.test' })
      .execute()
    expect(
      await violations(
        auth_({ clientId: 'other-shop', redirectUri: 'https://other.test/callback' }),
      ),
    ).toEqual([{ field: 'auth.authRequest.clientId', violatedRule: 'VALIDATION' }])
  })

  it("sends the buyer to the hosted checkout of the caller's own checkout only", async () => {
    const product = await insertProduct(db(), { price: 5 })
    const buyer = client()
    await buyer.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID } },
      ],
    })
    const { checkoutId } = await buyer.currentCart.createCheckoutFromCurrentCart()
    const { redirectSession } = await buyer.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: `${STOREFRONT}/cart`, thankYouPageUrl: `${STOREFRONT}/thanks` },
    })
    const endpoint = `${platform.baseUrl}/_vitrine/checkout/${checkoutId}`
    expect(redirectSession.urlDetails.endpoint).toBe(endpoint)
    expect(redirectSession.fullUrl).toBe(`${endpoint}?session=${redirectSession.id}`)
    expect((await stored(redirectSession.id)).intent).toBe('ecomCheckout')

    const stranger = await rejection(create({ ecomCheckout: { checkoutId } }))
    expect(stranger).toMatchObject({ status: 404, kind: 'application', code: 'CHECKOUT_NOT_FOUND' })
    expect(await rejection(create({ ecomCheckout: { checkoutId: 'nope' } }))).toMatchObject({
      code: 'CHECKOUT_NOT_FOUND',
    })
  })

  it("leads storesProduct to the product page on the storefront's origin", async () => {
    await insertProduct(db(), { slug: 'blue-mug' })
    await insertProduct(db(), { slug: 'secret', visible: false })
    const plain = await create({ storesProduct: { productSlug: 'blue-mug' } })
    expect(plain.redirectSession).toMatchObject({
      fullUrl: `${STOREFRONT}/product-page/blue-mug`,
      urlDetails: { endpoint: `${STOREFRONT}/product-page/blue-mug`, searchParams: {} },
    })
    const fromPage = await create({
      storesProduct: { productSlug: 'blue-mug' },
      callbacks: { postFlowUrl: 'http://127.0.0.1:4173/shop?page=2' },
      preferences: { additionalQueryParameters: { utm_source: 'mail' } },
    })
    expect(fromPage.redirectSession).toMatchObject({
      fullUrl: 'http://127.0.0.1:4173/product-page/blue-mug?utm_source=mail',
      urlDetails: { searchParams: { utm_source: 'mail' } },
    })
    expect(await rejection(create({ storesProduct: { productSlug: 'secret' } }))).toMatchObject({
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
    })
    expect(await rejection(create({ storesProduct: { productSlug: 'nope' } }))).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
    })
  })

  it('says which app is missing for bookings, events, paid plans and payment requests', async () => {
    const intents: [RedirectSessionOptions, string][] = [
      [{ bookingsCheckout: { timezone: 'UTC' } }, 'Wix Bookings'],
      [{ bookingsBook: {} }, 'Wix Bookings'],
      [{ eventsCheckout: { eventSlug: 'gala', reservationId: 'r1' } }, 'Wix Events'],
      [{ paidPlansCheckout: { planId: 'p1' } }, 'Wix Pricing Plans'],
      [{ ecomOrderPaymentRequest: { ecomOrderPaymentRequestId: 'x' } }, 'Wix Payment Requests'],
    ]
    for (const [options, app] of intents) {
      const error = await rejection(create(options))
      const intent = Object.keys(options)[0]
      expect(error, intent).toMatchObject({
        status: 400,
        kind: 'application',
        code: 'APP_NOT_INSTALLED',
        data: { intent, app },
      })
      expect(error.message).toContain(app)
    }
    const rows = await db().selectFrom('redirect_sessions').select('intent').execute()
    expect(rows.map((row) => row.intent)).not.toContain('bookingsCheckout')
  })

  it('needs exactly one intent, a token, and a well-formed body', async () => {
    expect(await violations({})).toEqual([{ field: 'intent', violatedRule: 'ONE_OF_ALIGNMENT' }])
    expect(await violations({ login: {}, logout: { clientId: 'demo-storefront' } })).toEqual([
      { field: 'intent', violatedRule: 'ONE_OF_ALIGNMENT' },
    ])
    expect(await violations({ ecomCheckout: {} })).toEqual([
      { field: 'ecomCheckout.checkoutId', violatedRule: 'REQUIRED_FIELD' },
    ])
    // A number is not text (never read as "42").
    expect(await violations({ login: {}, callbacks: { postFlowUrl: 42 } })).toEqual([
      { field: 'callbacks.postFlowUrl', violatedRule: 'VALIDATION' },
    ])
    const anonymous = { getAuthHeaders: () => ({ headers: {} }) }
    expect(await rejection(create({ login: {} }, anonymous))).toMatchObject({ status: 401 })
  })
})
