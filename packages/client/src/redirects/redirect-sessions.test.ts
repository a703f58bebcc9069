import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient } from '../client/create-client.js'
import { spyFetch } from '../test-support/spy-fetch.js'
import { createRedirectSession, redirects } from './redirect-sessions.js'
import type { RedirectSession, RedirectSessionOptions } from './types.js'
import type * as wix from '../wix/index.js'

const authRequest = {
  redirectUri: 'https://shop.test/callback',
  clientId: 'client-1',
  codeChallenge: 'challenge',
  codeChallengeMethod: 'S256',
  responseMode: 'web_message',
  responseType: 'code',
  scope: 'offline_access',
  state: 'state-1',
  sessionToken: 'session-1',
} as const

// One body per intent of wire contract §2, as the caller passes it and as it must go on the wire.
const intents: [string, RedirectSessionOptions][] = [
  ['bookingsCheckout', { bookingsCheckout: { slotAvailability: { slot: {} }, timezone: 'UTC' } }],
  ['ecomCheckout', { ecomCheckout: { checkoutId: 'checkout-1' } }],
  ['eventsCheckout', { eventsCheckout: { eventSlug: 'gala', reservationId: 'r-1' } }],
  ['paidPlansCheckout', { paidPlansCheckout: { planId: 'plan-1', checkoutData: 'data' } }],
  ['login', { login: {} }],
  [
    'logout',
    { logout: { clientId: 'client-1' }, callbacks: { postFlowUrl: 'https://shop.test/' } },
  ],
  ['auth', { auth: { authRequest, prompt: 'none' } }],
  ['storesProduct', { storesProduct: { productSlug: 'shoe' } }],
  ['bookingsBook', { bookingsBook: { resourceId: 'res-1' } }],
  ['ecomOrderPaymentRequest', { ecomOrderPaymentRequest: { ecomOrderPaymentRequestId: 'p-1' } }],
  [
    'ecomCheckout with callbacks, preferences and origin',
    {
      ecomCheckout: { checkoutId: 'checkout-1' },
      callbacks: {
        thankYouPageUrl: 'https://shop.test/thanks',
        postFlowUrl: 'https://shop.test/',
        loginUrl: 'https://shop.test/login',
        bookingsServiceListUrl: 'https://shop.test/book',
        cartPageUrl: 'https://shop.test/cart',
        planListUrl: 'https://shop.test/plans',
      },
      preferences: {
        useGenericWixPages: false,
        maintainIdentity: true,
        additionalQueryParameters: { lang: 'en' },
        checkIfPublish: true,
      },
      origin: 'https://shop.test',
    },
  ],
]

// The answer as the wire sends it, including fields the client does not know about.
const wire = {
  redirectSession: {
    id: 'session-id',
    fullUrl: 'https://site.test/checkout?session=1',
    urlDetails: { endpoint: 'https://site.test/checkout', searchParams: { session: '1' } },
    sessionToken: null,
    shortUrl: 'https://wix.to/abc',
    createdDate: '2024-01-02T03:04:05.000Z',
  },
  extra: { kept: true },
}

function setup() {
  const spy = spyFetch(() => ({ body: wire }))
  const client = createClient({
    modules: { redirects },
    fetch: spy,
    baseUrl: 'https://api.test',
    auth: { getAuthHeaders: () => ({ headers: { Authorization: 'TOKEN' } }) },
  })
  return { spy, client }
}

describe.each(intents)('createRedirectSession: %s', (_name, options) => {
  it('POSTs the options unchanged to the public path with the raw token', async () => {
    const { spy, client } = setup()
    await client.redirects.createRedirectSession(options)
    expect(spy.requests).toHaveLength(1)
    expect(spy.last).toMatchObject({
      method: 'POST',
      path: '/_api/redirects-api/v1/redirect-session',
      query: {},
    })
    expect(spy.last.url.origin).toBe('https://api.test')
    expect(spy.last.body).toEqual(options)
    expect(spy.last.headers.authorization).toBe('TOKEN')
    expect(spy.last.headers['content-type']).toBe('application/json')
  })

  it('returns the response unchanged', async () => {
    const { client } = setup()
    expect(await client.redirects.createRedirectSession(options)).toEqual(wire)
  })
})

describe('redirects module', () => {
  it('holds the standalone operation (its enumerations: @vitrine/client/wix)', () => {
    expect(Object.values(redirects).filter((value) => typeof value === 'function')).toEqual([
      createRedirectSession,
    ])
    expect(redirects.createRedirectSession).toBe(createRedirectSession)
    expectTypeOf<wix.redirects.RedirectSession>().toEqualTypeOf<RedirectSession>()
    expectTypeOf<wix.redirects.CreateRedirectSessionOptions>().toEqualTypeOf<RedirectSessionOptions>()
  })

  it('takes exactly one intent (types)', () => {
    // @ts-expect-error: two intents
    const two: RedirectSessionOptions = { login: {}, logout: { clientId: 'c' } }
    // @ts-expect-error: no intent
    const none: RedirectSessionOptions = { callbacks: { postFlowUrl: 'https://shop.test/' } }
    // @ts-expect-error: the auth request's fixed values are typed
    const method: RedirectSessionOptions = { auth: { authRequest: { ...authRequest, scope: 'x' } } }
    expect([two, none, method]).toHaveLength(3)
  })
})
