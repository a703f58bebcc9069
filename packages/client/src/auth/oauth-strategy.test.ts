import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentCart } from '../cart/current-cart.js'
import { createClient } from '../client/create-client.js'
import { isApiError, TOKENS_UNAVAILABLE } from '../errors/api-error.js'
import { spyFetch, type Recorded } from '../test-support/spy-fetch.js'
import { OAuthStrategy, type OAuthStrategyOptions } from './oauth-strategy.js'
import { memoryTokenStorage } from './storage/memory.js'
import type { Tokens, TokenStorage } from './types.js'

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> }
/** A reply, or one per request; an `Error` is a network failure. */
type Route = Reply | ((request: Recorded) => Reply | Error | Promise<Reply>)

const BASE = 'https://api.test'
const TOKEN = '/oauth2/token'
const REDIRECT = '/_api/redirects-api/v1/redirect-session'
const LOGIN = '/_api/iam/authentication/v2/login'
const REGISTER = '/_api/iam/authentication/v2/register'
const VERIFY = '/_api/iam/verification/v1/auth/verify'
const SIGN_ON = '/_api/iam/authentication/v2/sign-on'
const RECOVERY = '/_api/iam/recovery/v1/send-email'

const now = () => Math.floor(Date.now() / 1000)

/** A token endpoint that answers `at<n>` / `rt<n>` for the n-th call. */
function tokenEndpoint(expiresIn = 3600) {
  let n = 0
  return () => {
    n++
    return { body: { access_token: `at${n}`, expires_in: expiresIn, refresh_token: `rt${n}` } }
  }
}

function setup(routes: Record<string, Route> = {}, options: Partial<OAuthStrategyOptions> = {}) {
  const table: Record<string, Route> = { [TOKEN]: tokenEndpoint(), ...routes }
  const spy = spyFetch((request) => {
    const route = table[request.path]
    if (!route) return { status: 404, body: { message: 'no route ' + request.path } }
    return typeof route === 'function' ? route(request) : route
  })
  const auth = OAuthStrategy({ clientId: 'cid', ...options })
  createClient({ modules: {}, auth, fetch: spy, baseUrl: BASE, retry: { backoff: 1 } })
  const to = (path: string) => spy.requests.filter((request) => request.path === path)
  return { auth, spy, to }
}

const tokens = (
  access: string,
  expiresAt: number,
  refresh: string,
  role: Tokens['refreshToken']['role'],
): Tokens => ({
  accessToken: { value: access, expiresAt },
  refreshToken: { value: refresh, role },
})

const session = (extra: object = {}) => ({
  body: {
    redirectSession: {
      id: 'rs1',
      fullUrl: 'https://users.test/flow?id=rs1',
      urlDetails: { endpoint: 'https://users.test/flow' },
      shortUrl: 'https://s.test/1',
      ...extra,
    },
  },
})

const appError = (code: string | number, status = 400) => ({
  status,
  body: { message: 'Failed', details: { applicationError: { code, description: 'Nope' } } },
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('token lifecycle (SPEC §4)', () => {
  it('starts with empty tokens and role none, not logged in', () => {
    const { auth } = setup()
    expect(auth.getTokens()).toEqual(tokens('', 0, '', 'none'))
    expect(auth.loggedIn()).toBe(false)
  })

  it.each([
    ['empty', {}],
    ['partial', { accessToken: { value: 'at0', expiresAt: now() + 3600 } }],
    ['foreign', { access_token: 'at0', refresh_token: 'rt0' }],
  ])('takes %s tokens (`tokens: {}`, no cookie yet) as none: a new visitor', async (_, given) => {
    const { auth, to } = setup({}, { tokens: given as unknown as Tokens })
    expect(auth.getTokens()).toEqual(tokens('', 0, '', 'none'))
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'at1' } })
    expect(to(TOKEN)[0]?.body).toEqual({ clientId: 'cid', grantType: 'anonymous' })
    auth.setTokens(given as unknown as Tokens)
    expect(auth.getTokens()).toEqual(tokens('', 0, '', 'none'))
  })

  it('keeps tokens in a storage written for the official client (`{ getTokens, setTokens }`)', async () => {
    let kept = tokens('at0', now() + 3600, 'rt0', 'member')
    const official = {
      getTokens: () => kept,
      setTokens: (next: Tokens) => void (kept = next),
    }
    const { auth } = setup({}, { tokenStorage: official })
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'at0' } })
    expect(auth.loggedIn()).toBe(true)
    auth.setTokens(tokens('at9', now() + 3600, 'rt9', 'member'))
    expect(kept.accessToken.value).toBe('at9')
    // Its empty tokens (after a logout, or none yet) are none: a new visitor.
    kept = {} as Tokens
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'at1' } })
    expect(kept.refreshToken).toEqual({ value: 'rt1', role: 'visitor' })
  })

  it('without a refresh token, gets anonymous visitor tokens (role visitor)', async () => {
    const { auth, to } = setup()
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'at1' } })
    const [call] = to(TOKEN)
    expect(call?.method).toBe('POST')
    expect(call?.body).toEqual({ clientId: 'cid', grantType: 'anonymous' })
    expect(call?.headers.authorization).toBeUndefined()
    expect(auth.getTokens().refreshToken).toEqual({ value: 'rt1', role: 'visitor' })
    expect(auth.loggedIn()).toBe(false)
  })

  it('sends the raw access token on module calls, without "Bearer" (wire §9)', async () => {
    const { auth, spy } = setup({ '/x': { body: {} } })
    auth.setTokens(tokens('raw-token', now() + 3600, 'r', 'visitor'))
    const client = createClient({
      modules: { m: { x: (http) => () => http.call({ method: 'GET', path: '/x' }) } },
      auth,
      fetch: spy,
      baseUrl: BASE,
    })
    await client.m.x()
    expect(spy.last.headers.authorization).toBe('raw-token')
  })

  it('a valid access token is used without any token call', async () => {
    const { auth, spy } = setup({}, { tokens: tokens('a', now() + 3600, 'r', 'member') })
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('a')
    expect(spy.requests).toHaveLength(0)
  })

  it('a missing access token is renewed with the refresh token, which is kept', async () => {
    const { auth, to } = setup({}, { tokens: tokens('', 0, 'member-rt', 'member') })
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('at1')
    expect(to(TOKEN).map((call) => call.body)).toEqual([
      { clientId: 'cid', refreshToken: 'member-rt', grantType: 'refresh_token' },
    ])
    expect(auth.getTokens().refreshToken).toEqual({ value: 'member-rt', role: 'member' })
    expect(auth.loggedIn()).toBe(true)
  })

  it('an expired access token is renewed with the refresh token', async () => {
    const { auth, to } = setup({}, { tokens: tokens('old', now() - 5, 'rt', 'visitor') })
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('at1')
    expect(to(TOKEN)[0]?.body).toMatchObject({ grantType: 'refresh_token', refreshToken: 'rt' })
  })

  it('a token about to expire (within the clock-skew margin) is renewed before expiry', async () => {
    const { auth, to } = setup({}, { tokens: tokens('old', now() + 5, 'rt', 'visitor') })
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('at1')
    expect(to(TOKEN)).toHaveLength(1)
  })

  it('computes expiresAt in epoch seconds: floor(now / 1000) + expires_in (SPEC §9)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_700_000_000_900)
    const { auth } = setup({ [TOKEN]: tokenEndpoint(600) })
    await auth.getAuthHeaders()
    expect(auth.getTokens().accessToken).toEqual({ value: 'at1', expiresAt: 1_700_000_600 })
  })

  it('20 concurrent getAuthHeaders without tokens share exactly one token request', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { auth, to } = setup({
      [TOKEN]: async () => {
        await gate
        return { body: { access_token: 'shared', expires_in: 3600, refresh_token: 'rt' } }
      },
    })
    const all = Promise.all(Array.from({ length: 20 }, () => auth.getAuthHeaders()))
    await vi.waitFor(() => expect(to(TOKEN)).toHaveLength(1))
    release()
    const headers = await all
    expect(to(TOKEN)).toHaveLength(1)
    expect(new Set(headers.map((h) => h.headers.Authorization))).toEqual(new Set(['shared']))
  })

  it('tokens issued with a lifetime inside the skew margin are renewed on the next call', async () => {
    const { auth, to } = setup({ [TOKEN]: tokenEndpoint(5) })
    await auth.getAuthHeaders()
    // expires_in 5 s is inside the skew margin: the next call renews with the refresh token.
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('at2')
    expect(to(TOKEN)[1]?.body).toMatchObject({ grantType: 'refresh_token', refreshToken: 'rt1' })
  })

  it('tokens changed during a renewal (logout, login, another tab) are not overwritten', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { auth, to } = setup(
      {
        [TOKEN]: async () => {
          await gate
          return { body: { access_token: 'stale', expires_in: 3600, refresh_token: 'x' } }
        },
      },
      { tokens: tokens('', 0, 'rt-old', 'visitor') },
    )
    const pending = auth.getAuthHeaders()
    await vi.waitFor(() => expect(to(TOKEN)).toHaveLength(1))
    auth.setTokens(tokens('member-at', now() + 3600, 'member-rt', 'member'))
    release()
    expect((await pending).headers.Authorization).toBe('member-at')
    expect(auth.getTokens().refreshToken.value).toBe('member-rt')
  })

  it('after the authorization-code exchange the role is member and loggedIn() is true', async () => {
    const { auth } = setup()
    const data = await auth.generateOAuthData('https://shop.test/callback')
    const result = await auth.getMemberTokens('the-code', data.state, data)
    expect(result.refreshToken).toEqual({ value: 'rt1', role: 'member' })
    expect(auth.getTokens()).toEqual(result)
    expect(auth.loggedIn()).toBe(true)
  })

  it('loggedIn() is true only for the member role', () => {
    const { auth } = setup()
    auth.setTokens(tokens('a', now() + 60, 'r', 'visitor'))
    expect(auth.loggedIn()).toBe(false)
    auth.setTokens(tokens('a', now() + 60, 'r', 'member'))
    expect(auth.loggedIn()).toBe(true)
    auth.setTokens(tokens('', 0, '', 'none'))
    expect(auth.loggedIn()).toBe(false)
  })

  it('logout sends the exact body, returns fullUrl and clears both tokens (role none)', async () => {
    const { auth, to } = setup(
      { [REDIRECT]: session() },
      { tokens: tokens('member-at', now() + 3600, 'member-rt', 'member') },
    )
    expect(await auth.logout('https://shop.test/after')).toEqual({
      logoutUrl: 'https://users.test/flow?id=rs1',
    })
    const [call] = to(REDIRECT)
    expect(call?.body).toEqual({
      logout: { clientId: 'cid' },
      callbacks: { postFlowUrl: 'https://shop.test/after' },
    })
    // The server must know whose session ends: the member's token goes with the call.
    expect(call?.headers.authorization).toBe('member-at')
    expect(auth.getTokens()).toEqual(tokens('', 0, '', 'none'))
    expect(auth.loggedIn()).toBe(false)
  })

  it('token calls go to the client baseUrl', async () => {
    const { auth, spy } = setup()
    await auth.getAuthHeaders()
    expect(spy.last.url.href).toBe('https://api.test/oauth2/token')
  })

  it('a strategy never attached to a client calls the provider host', async () => {
    const spy = spyFetch(tokenEndpoint())
    vi.stubGlobal('fetch', spy)
    await OAuthStrategy({ clientId: 'cid' }).getAuthHeaders()
    expect(spy.last.url.href).toBe('https://www.wixapis.com/oauth2/token')
  })

  it('a non-200 token response gives "something went wrong", keeping the request id', async () => {
    const { auth } = setup({
      [TOKEN]: { status: 500, body: {}, headers: { 'x-wix-request-id': 'req-42' } },
    })
    const error = await auth.getAuthHeaders().catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ message: 'something went wrong', status: 500 })
    expect(error).toMatchObject({ requestId: 'req-42' })
  })

  it('tokens given in the options are written to the token storage', () => {
    const storage = memoryTokenStorage()
    const given = tokens('a', now() + 60, 'r', 'member')
    setup({}, { tokens: given, tokenStorage: storage })
    expect(storage.get()).toEqual(given)
  })

  it('tokens changed in the storage by someone else are used on the next call', async () => {
    const storage = memoryTokenStorage(tokens('a', now() + 3600, 'r', 'visitor'))
    const { auth, spy } = setup({}, { tokenStorage: storage })
    storage.set(tokens('from-elsewhere', now() + 3600, 'r2', 'member'))
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('from-elsewhere')
    expect(auth.loggedIn()).toBe(true)
    expect(spy.requests).toHaveLength(0)
  })

  it('generateVisitorTokens returns valid tokens unchanged and stores nothing', async () => {
    const { auth, spy } = setup()
    const valid = tokens('a', now() + 3600, 'r', 'visitor')
    expect(await auth.generateVisitorTokens(valid)).toBe(valid)
    expect(await auth.generateVisitorTokens()).toMatchObject({ accessToken: { value: 'at1' } })
    expect(spy.requests).toHaveLength(1)
    expect(auth.getTokens().accessToken.value).toBe('')
  })

  it('renewToken sends the refresh grant and keeps the old refresh token', async () => {
    const { auth, to } = setup()
    const renewed = await auth.renewToken({ value: 'keep-me', role: 'member' })
    expect(to(TOKEN)[0]?.body).toEqual({
      clientId: 'cid',
      refreshToken: 'keep-me',
      grantType: 'refresh_token',
    })
    expect(renewed.refreshToken).toEqual({ value: 'keep-me', role: 'member' })
    expect(renewed.accessToken.value).toBe('at1')
  })
})

const grants = (calls: Recorded[]) =>
  calls.map((call) => (call.body as { grantType: string }).grantType)

describe('renewal through trouble (SPEC §4 as refined in the README)', () => {
  const refusing = (status: number) => (request: Recorded) =>
    (request.body as { grantType: string }).grantType === 'refresh_token'
      ? { status, body: { message: 'invalid_grant' } }
      : { body: { access_token: 'anon', expires_in: 60, refresh_token: 'anon-rt' } }

  it.each([400, 401])(
    'a refused refresh token (%i) ends the session: a new visitor',
    async (status) => {
      const { auth, to } = setup(
        { [TOKEN]: refusing(status) },
        { tokens: tokens('', 0, 'revoked', 'member') },
      )
      expect((await auth.getAuthHeaders()).headers.Authorization).toBe('anon')
      expect(grants(to(TOKEN))).toEqual(['refresh_token', 'anonymous'])
      expect(auth.getTokens().refreshToken).toEqual({ value: 'anon-rt', role: 'visitor' })
      expect(auth.loggedIn()).toBe(false)
    },
  )

  it.each([
    ['no answer', () => new TypeError('fetch failed'), { kind: 'system', status: 0 }],
    ['429', () => ({ status: 429, body: {} }), { kind: 'client', status: 429 }],
    ['500', () => ({ status: 500, body: {} }), { kind: 'system', status: 500 }],
    ['503', () => ({ status: 503, body: {} }), { kind: 'system', status: 503 }],
  ] as const)(
    'trouble (%s) keeps the member: calls reject with TOKENS_UNAVAILABLE',
    async (_, reply, kind) => {
      const member = tokens('old', now() - 1, 'member-rt', 'member')
      const { auth, to } = setup({ [TOKEN]: reply }, { tokens: member })
      const error = await auth.getAuthHeaders().catch((e: unknown) => e)
      expect(isApiError(error)).toBe(true)
      expect(error).toMatchObject({ ...kind, code: TOKENS_UNAVAILABLE })
      expect(grants(to(TOKEN)).every((grant) => grant === 'refresh_token')).toBe(true)
      expect(auth.getTokens()).toEqual(member)
      expect(auth.loggedIn()).toBe(true)
    },
  )

  it('no answer, 429 and 503 are retried with back-off; a short Retry-After is waited for', async () => {
    const replies: (Reply | Error)[] = [
      new TypeError('fetch failed'),
      { status: 429, body: {}, headers: { 'retry-after': '0' } },
      { body: { access_token: 'renewed', expires_in: 3600, refresh_token: 'ignored' } },
    ]
    const { auth, to } = setup(
      { [TOKEN]: () => replies.shift()! },
      { tokens: tokens('old', 0, 'member-rt', 'member') },
    )
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('renewed')
    expect(grants(to(TOKEN))).toEqual(['refresh_token', 'refresh_token', 'refresh_token'])
    expect(auth.getTokens().refreshToken).toEqual({ value: 'member-rt', role: 'member' })
  })

  it('a Retry-After longer than the longest retry wait: no token call before it has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    let open = false
    const { auth, to } = setup(
      {
        [TOKEN]: () =>
          open
            ? { body: { access_token: 'later', expires_in: 3600, refresh_token: 'x' } }
            : { status: 429, body: {}, headers: { 'retry-after': '120' } },
      },
      { tokens: tokens('old', 0, 'member-rt', 'member') },
    )
    const first = await auth.getAuthHeaders().catch((e: unknown) => e)
    expect(first).toMatchObject({ code: TOKENS_UNAVAILABLE, status: 429, retryAfter: 120 })
    expect(to(TOKEN)).toHaveLength(1)
    open = true
    vi.setSystemTime(Date.now() + 100_000)
    expect(await auth.getAuthHeaders().catch((e: unknown) => e)).toBe(first)
    expect(to(TOKEN)).toHaveLength(1)
    vi.setSystemTime(Date.now() + 21_000)
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('later')
    expect(auth.loggedIn()).toBe(true)
  })

  it('the calls waiting on one renewal share its error; the next call tries again', async () => {
    let calls = 0
    const { auth, to } = setup(
      {
        [TOKEN]: () =>
          ++calls === 1
            ? { status: 500, body: {} }
            : { body: { access_token: 'second', expires_in: 3600, refresh_token: 'r' } },
      },
      { tokens: tokens('old', 0, 'member-rt', 'member') },
    )
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => auth.getAuthHeaders().catch((e: unknown) => e)),
    )
    expect(new Set(errors).size).toBe(1)
    expect(errors[0]).toMatchObject({ code: TOKENS_UNAVAILABLE, status: 500 })
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('second')
    expect(to(TOKEN)).toHaveLength(2)
  })

  it('a visitor in trouble stays the same visitor (and keeps the cart)', async () => {
    const visitor = tokens('old', 0, 'visitor-rt', 'visitor')
    const { auth, to } = setup({ [TOKEN]: { status: 503, body: {} } }, { tokens: visitor })
    await expect(auth.getAuthHeaders()).rejects.toMatchObject({ code: TOKENS_UNAVAILABLE })
    expect(grants(to(TOKEN)).includes('anonymous')).toBe(false)
    expect(auth.getTokens()).toEqual(visitor)
  })

  it('a new shopper: trouble gives TOKENS_UNAVAILABLE, a refused anonymous grant its own error', async () => {
    const down = setup({ [TOKEN]: { status: 503, body: {} } })
    await expect(down.auth.getAuthHeaders()).rejects.toMatchObject({ code: TOKENS_UNAVAILABLE })
    const refused = setup({ [TOKEN]: { status: 400, body: { message: 'unknown client' } } })
    const error = await refused.auth.getAuthHeaders().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, message: 'something went wrong' })
    expect(error).not.toMatchObject({ code: TOKENS_UNAVAILABLE })
  })

  it('renews under the storage’s lock, and takes tokens another holder renewed meanwhile', async () => {
    const stored = memoryTokenStorage(tokens('old', 0, 'member-rt', 'member'))
    let locked = 0
    const storage: TokenStorage = {
      ...stored,
      async lock(renew) {
        locked++
        // Another tab renewed while this one waited for the lock.
        stored.set(tokens('theirs', now() + 3600, 'member-rt', 'member'))
        return renew()
      },
    }
    const { auth, spy } = setup({}, { tokenStorage: storage })
    const all = await Promise.all([auth.getAuthHeaders(), auth.getAuthHeaders()])
    expect(all.map((h) => h.headers.Authorization)).toEqual(['theirs', 'theirs'])
    expect(locked).toBe(1)
    expect(spy.requests).toHaveLength(0)
  })
})

describe('a refused access token (SPEC §4: renewed, else a new visitor)', () => {
  const CART = '/ecom/v1/carts/current'
  const ADD = CART + '/add-to-cart'
  const line = { quantity: 1, catalogReference: { catalogItemId: 'p1', appId: 'stores' } }

  /** What {@link shop}'s fake platform does. */
  interface Platform {
    /** The refresh tokens it renews with; others are refused (400 `invalid_grant`). */
    live?: string[]
    /** Its cart's answer to a token; default: 200 to the access tokens it issued, else 401. */
    accepts?: (token: string, issued: Set<string>) => boolean
    /** The token endpoint's answer instead of tokens. */
    trouble?: Reply
    /** The token endpoint answers once this resolves. */
    hold?: Promise<void>
  }

  /**
   * A shopper's cart client starting from `start`, over a fake platform whose token endpoint
   * issues `at1`/`rt1`, `at2`/`rt2`, …; `writes` are the tokens written to the storage.
   */
  function shop(start: Tokens, platform: Platform = {}) {
    const { live = [], accepts = (token, issued) => issued.has(token), trouble, hold } = platform
    const issued = new Set<string>()
    let n = 0
    const stored = memoryTokenStorage(start)
    const writes: Tokens[] = []
    const tokenStorage: TokenStorage = {
      get: stored.get,
      set: (next) => void (writes.push(next), stored.set(next)),
    }
    const cart = (request: Recorded): Reply =>
      accepts(request.headers.authorization ?? '', issued)
        ? { body: { cart: { id: 'cart-1' } } }
        : { status: 401, body: { message: 'UNAUTHENTICATED' } }
    const { auth, spy, to } = setup(
      {
        [TOKEN]: async (request) => {
          const { grantType, refreshToken = '' } = request.body as Record<string, string>
          await hold
          if (trouble) return trouble
          if (grantType === 'refresh_token' && !live.includes(refreshToken))
            return { status: 400, body: { message: 'invalid_grant' } }
          issued.add(`at${++n}`)
          return { body: { access_token: `at${n}`, expires_in: 3600, refresh_token: `rt${n}` } }
        },
        [CART]: cart,
        [ADD]: cart,
      },
      { tokenStorage },
    )
    const client = createClient({
      modules: { currentCart },
      auth,
      fetch: spy,
      baseUrl: BASE,
      retry: { backoff: 1 },
    })
    const sent = (path: string) => to(path).map((request) => request.headers.authorization)
    return { auth, client, to, sent, writes, stored }
  }
  const member = () => tokens('stale', now() + 3600, 'member-rt', 'member')

  it('is renewed with the refresh token, and the call is sent again once, with the new one', async () => {
    const { auth, client, to, sent, writes } = shop(member(), { live: ['member-rt'] })
    expect(await client.currentCart.getCurrentCart()).toEqual({ id: 'cart-1' })
    expect(sent(CART)).toEqual(['stale', 'at1'])
    expect(to(TOKEN).map((call) => call.body)).toEqual([
      { clientId: 'cid', refreshToken: 'member-rt', grantType: 'refresh_token' },
    ])
    // The same member, with a new access token; nothing half-broken was ever stored.
    expect(writes).toEqual([tokens('at1', expect.any(Number), 'member-rt', 'member')])
    expect(auth.loggedIn()).toBe(true)
  })

  it('with a refused refresh token, starts a new visitor and sends the call as them', async () => {
    const { auth, client, to, sent, writes } = shop(member())
    expect(await client.currentCart.getCurrentCart()).toEqual({ id: 'cart-1' })
    expect(grants(to(TOKEN))).toEqual(['refresh_token', 'anonymous'])
    expect(sent(CART)).toEqual(['stale', 'at1'])
    expect(writes).toEqual([tokens('at1', expect.any(Number), 'rt1', 'visitor')])
    expect(auth.loggedIn()).toBe(false)
  })

  it('sends a write (add to cart) again after the 401: it was refused before anything was done', async () => {
    const { client, to } = shop(tokens('made-up', now() + 3600, 'made-up-rt', 'visitor'))
    await client.currentCart.addToCurrentCart({ lineItems: [line] })
    expect(to(ADD).map((request) => [request.headers.authorization, request.body])).toEqual([
      ['made-up', { lineItems: [line] }],
      ['at1', { lineItems: [line] }],
    ])
  })

  it('10 concurrent calls refused with the same stale token share exactly one token request', async () => {
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    const { client, to, sent } = shop(member(), { live: ['member-rt'], hold })
    const all = Promise.all(Array.from({ length: 10 }, () => client.currentCart.getCurrentCart()))
    // Every call is refused while the one renewal is under way.
    await vi.waitFor(() => expect(to(TOKEN)).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    release()
    const carts = await all
    expect(carts).toEqual(Array.from({ length: 10 }, () => ({ id: 'cart-1' })))
    expect(to(TOKEN)).toHaveLength(1)
    expect(sent(CART).filter((token) => token === 'stale')).toHaveLength(10)
    expect(sent(CART).filter((token) => token === 'at1')).toHaveLength(10)
  })

  it('a second 401 is thrown: two sends, one renewal', async () => {
    const { client, to } = shop(member(), { live: ['member-rt'], accepts: () => false })
    const error = await client.currentCart.getCurrentCart().catch((e: unknown) => e)
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ status: 401 })
    expect(to(CART)).toHaveLength(2)
    expect(to(TOKEN)).toHaveLength(1)
  })

  it('tokens another tab replaced meanwhile are taken as they are, with no token call', async () => {
    const theirs = tokens('theirs', now() + 3600, 'member-rt', 'member')
    const { client, to, sent, stored } = shop(member(), {
      accepts(token) {
        // The other tab renewed while this call was on its way.
        if (token === 'stale') stored.set(theirs)
        return token === 'theirs'
      },
    })
    await client.currentCart.getCurrentCart()
    expect(sent(CART)).toEqual(['stale', 'theirs'])
    expect(to(TOKEN)).toHaveLength(0)
  })

  it('credentials a call gave itself, refused, leave the shopper’s token valid', async () => {
    const { auth, to } = setup(
      { [SIGN_ON]: { status: 401, body: { message: 'wrong key' } } },
      { tokens: tokens('visitor-at', now() + 3600, 'visitor-rt', 'visitor') },
    )
    await expect(
      auth.getMemberTokensForExternalLoginWithSession('ann@example.com', 'wrong-key'),
    ).rejects.toMatchObject({ status: 401 })
    expect(to(SIGN_ON).map((call) => call.headers.authorization)).toEqual([
      'visitor-at,wrong-key',
      'visitor-at,wrong-key',
    ])
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('visitor-at')
    expect(to(TOKEN)).toHaveLength(0)
  })

  it('trouble renewing keeps the stored tokens: TOKENS_UNAVAILABLE, the call not sent again', async () => {
    const start = member()
    const { auth, client, to, writes } = shop(start, { trouble: { status: 503, body: {} } })
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({
      code: TOKENS_UNAVAILABLE,
    })
    expect(to(CART)).toHaveLength(1)
    expect(writes).toEqual([])
    expect(auth.getTokens()).toEqual(start)
    expect(auth.loggedIn()).toBe(true)
  })
})

describe('login state machine (SPEC §4)', () => {
  it('login SUCCESS with a sessionToken → SUCCESS with data.sessionToken; exact body', async () => {
    const { auth, to } = setup({ [LOGIN]: { body: { state: 'SUCCESS', sessionToken: 'st' } } })
    const result = await auth.login({
      email: 'ada@example.com',
      password: 'pw',
      captchaTokens: { recaptchaToken: 'r', invisibleRecaptchaToken: 'i' },
    })
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'st' } })
    const [call] = to(LOGIN)
    expect(call?.body).toEqual({
      loginId: { email: 'ada@example.com' },
      password: 'pw',
      captchaTokens: [{ Recaptcha: 'r' }, { InvisibleRecaptcha: 'i' }],
    })
    expect(call?.headers.authorization).toBe('at1')
  })

  it('login without captcha tokens sends no captchaTokens', async () => {
    const { auth, to } = setup({ [LOGIN]: { body: { state: 'SUCCESS', sessionToken: 'st' } } })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    expect(to(LOGIN)[0]?.body).toEqual({ loginId: { email: 'a@b.c' }, password: 'pw' })
  })

  it('SUCCESS without a sessionToken → FAILURE Unknown _state', async () => {
    const { auth } = setup({ [LOGIN]: { body: { state: 'SUCCESS' } } })
    expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
  })

  it('REQUIRE_OWNER_APPROVAL → OWNER_APPROVAL_REQUIRED', async () => {
    const { auth } = setup({ [LOGIN]: { body: { state: 'REQUIRE_OWNER_APPROVAL' } } })
    expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
  })

  it('REQUIRE_EMAIL_VERIFICATION → EMAIL_VERIFICATION_REQUIRED, the stateToken is kept for verification', async () => {
    const { auth, to } = setup({
      [LOGIN]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'kept' } },
      [VERIFY]: { body: { state: 'SUCCESS', sessionToken: 'st2' } },
    })
    expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'kept' },
    })
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st2' },
    })
    expect(to(VERIFY)[0]?.body).toEqual({ code: '123456', stateToken: 'kept' })
  })

  it('processVerification also takes { code }', async () => {
    const { auth, to } = setup({
      [LOGIN]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'kept' } },
      [VERIFY]: { body: { state: 'REQUIRE_OWNER_APPROVAL' } },
    })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    expect(await auth.processVerification({ code: '999' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    })
    expect(to(VERIFY)[0]?.body).toEqual({ code: '999', stateToken: 'kept' })
  })

  it.each(['STATUS_CHECK', 'REQUIRE_MISSING_FIELDS', 'UNKNOWN_STATE', 'SOMETHING_NEW'])(
    '%s → FAILURE Unknown _state',
    async (state) => {
      const { auth } = setup({ [LOGIN]: { body: { state } } })
      expect(await auth.login({ email: 'a@b.c', password: 'pw' })).toEqual({
        loginState: 'FAILURE',
        error: 'Unknown _state',
      })
    },
  )

  it('a verification response is mapped like a login (STATUS_CHECK → FAILURE)', async () => {
    const { auth } = setup({
      [LOGIN]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'kept' } },
      [VERIFY]: { body: { state: 'STATUS_CHECK' } },
    })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    expect(await auth.processVerification({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
  })

  it('processVerification before any login → FAILURE Unknown _state, nothing sent', async () => {
    const { auth, spy } = setup()
    expect(await auth.processVerification({ verificationCode: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
    expect(spy.requests).toHaveLength(0)
  })

  it('processVerification after a SUCCESS → FAILURE Unknown _state', async () => {
    const { auth, to } = setup({ [LOGIN]: { body: { state: 'SUCCESS', sessionToken: 'st' } } })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    expect(await auth.processVerification({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
    expect(to(VERIFY)).toHaveLength(0)
  })

  it('a rejected verification code keeps the pending verification for another try', async () => {
    let attempt = 0
    const { auth, to } = setup({
      [LOGIN]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'kept' } },
      [VERIFY]: () =>
        ++attempt === 1 ? appError('-19990') : { body: { state: 'SUCCESS', sessionToken: 's' } },
    })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    expect(await auth.processVerification({ code: 'bad' })).toEqual({
      loginState: 'FAILURE',
      error: 'Failed: Nope',
    })
    expect((await auth.processVerification({ code: 'good' })).loginState).toBe('SUCCESS')
    expect(to(VERIFY)[1]?.body).toEqual({ code: 'good', stateToken: 'kept' })
  })

  it('register maps its response the same way; exact body', async () => {
    const { auth, to } = setup({
      [REGISTER]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'reg' } },
    })
    expect(
      await auth.register({
        email: 'a@b.c',
        password: 'pw',
        profile: { firstName: 'Ada' },
        captchaTokens: { invisibleRecaptchaToken: 'i' },
      }),
    ).toEqual({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'reg' } })
    expect(to(REGISTER)[0]?.body).toEqual({
      loginId: { email: 'a@b.c' },
      password: 'pw',
      profile: { firstName: 'Ada' },
      captchaTokens: [{ InvisibleRecaptcha: 'i' }],
    })
  })

  it('register SUCCESS → SUCCESS with the sessionToken', async () => {
    const { auth } = setup({ [REGISTER]: { body: { state: 'SUCCESS', sessionToken: 'st' } } })
    expect(await auth.register({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st' },
    })
  })

  it('logout resets the login state machine', async () => {
    const { auth } = setup({
      [LOGIN]: { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'kept' } },
      [REDIRECT]: session(),
    })
    await auth.login({ email: 'a@b.c', password: 'pw' })
    await auth.logout('https://shop.test')
    expect(await auth.processVerification({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    })
  })
})

describe('registration failures (SPEC §8)', () => {
  const register = (reply: Reply) =>
    setup({ [REGISTER]: reply }).auth.register({ email: 'a@b.c', password: 'pw' })

  it('an EMAIL field violation → invalidEmail with the violation description', async () => {
    expect(
      await register({
        status: 400,
        body: {
          message: 'invalid',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'password', description: 'too short', data: { type: 'PASSWORD' } },
                { field: 'loginId.email', description: 'not an e-mail', data: { type: 'EMAIL' } },
              ],
            },
          },
        },
      }),
    ).toEqual({ loginState: 'FAILURE', error: 'not an e-mail', errorCode: 'invalidEmail' })
  })

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
  ])('application error %s → %s', async (code, errorCode) => {
    expect(await register(appError(code))).toEqual({
      loginState: 'FAILURE',
      error: 'Failed: Nope',
      errorCode,
    })
  })

  it('codes are compared as strings: a numeric -19995 → emailAlreadyExists', async () => {
    expect((await register(appError(-19995))).errorCode).toBe('emailAlreadyExists')
  })

  it.each(['-19976', '-19973', '-1'])(
    'any other application error (%s) → FAILURE with the message only',
    async (code) => {
      expect(await register(appError(code))).toEqual({
        loginState: 'FAILURE',
        error: 'Failed: Nope',
      })
    },
  )

  it('an error body without details → FAILURE with the message, no TypeError', async () => {
    expect(await register({ status: 400, body: { message: 'Bad thing' } })).toEqual({
      loginState: 'FAILURE',
      error: 'Bad thing',
    })
  })

  it('violations without data, or details of the wrong shape → FAILURE, no TypeError', async () => {
    const result = await register({
      status: 400,
      body: {
        details: { validationError: { fieldViolations: [{ field: 'x', description: 'y' }, null] } },
      },
    })
    expect(result.loginState).toBe('FAILURE')
    expect(result.errorCode).toBeUndefined()
    const odd = await register({
      status: 400,
      body: { details: { applicationError: null, validationError: { fieldViolations: 'no' } } },
    })
    expect(odd.loginState).toBe('FAILURE')
  })

  it('a 500 → FAILURE System error occurred', async () => {
    expect(await register({ status: 500, body: {} })).toEqual({
      loginState: 'FAILURE',
      error: 'System error occurred',
    })
  })
})

describe('login failures (SPEC §8)', () => {
  const login = (reply: Reply | Error) =>
    setup({ [LOGIN]: () => reply as Reply }).auth.login({ email: 'a@b.c', password: 'pw' })

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
  ])('application error %s → %s', async (code, errorCode) => {
    expect(await login(appError(code))).toEqual({
      loginState: 'FAILURE',
      error: 'Failed: Nope',
      errorCode,
    })
  })

  it('numeric codes are compared as strings: -19976 → invalidPassword', async () => {
    expect((await login(appError(-19976))).errorCode).toBe('invalidPassword')
  })

  it('any other application error (-19995) → invalidEmail', async () => {
    expect((await login(appError('-19995'))).errorCode).toBe('invalidEmail')
  })

  it('an error body without details → invalidEmail, no TypeError', async () => {
    expect(await login({ status: 404, body: {} })).toEqual({
      loginState: 'FAILURE',
      error: 'HTTP 404',
      errorCode: 'invalidEmail',
    })
  })

  it('a validation error → invalidEmail', async () => {
    const result = await login({
      status: 400,
      body: {
        details: { validationError: { fieldViolations: [{ field: 'f', description: 'd' }] } },
      },
    })
    expect(result).toEqual({
      loginState: 'FAILURE',
      error: 'INVALID_ARGUMENT: "f" d',
      errorCode: 'invalidEmail',
    })
  })
})

describe('OAuth redirect (SPEC §5)', () => {
  it('generateOAuthData: 43-character verifier, S256 challenge, random state, URIs', async () => {
    const { auth } = setup()
    const data = await auth.generateOAuthData('https://shop.test/cb', '/account')
    expect(data.codeVerifier).toMatch(/^[A-Za-z0-9._~-]{43}$/)
    expect(data.codeChallenge).toBe(
      createHash('sha256').update(data.codeVerifier).digest('base64url'),
    )
    expect(data.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data).toMatchObject({ redirectUri: 'https://shop.test/cb', originalUri: '/account' })
    expect((await auth.generateOAuthData('x')).state).not.toBe(data.state)
  })

  it('getAuthUrl sends the exact auth request (defaults: prompt login, fragment)', async () => {
    const { auth, to } = setup({ [REDIRECT]: session({ sessionToken: 'sess' }) })
    const data = await auth.generateOAuthData('https://shop.test/cb')
    expect(await auth.getAuthUrl(data)).toEqual({
      authUrl: 'https://users.test/flow?id=rs1',
      authorizationEndpoint: 'https://users.test/flow',
      sessionToken: 'sess',
    })
    expect(to(REDIRECT)[0]?.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'https://shop.test/cb',
          clientId: 'cid',
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
        },
        prompt: 'login',
      },
    })
  })

  it('getAuthUrl passes prompt, responseMode and sessionToken', async () => {
    const { auth, to } = setup({ [REDIRECT]: session() })
    const data = await auth.generateOAuthData('https://shop.test/cb')
    await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query', sessionToken: 'st' })
    expect(to(REDIRECT)[0]?.body).toMatchObject({
      auth: { authRequest: { responseMode: 'query', sessionToken: 'st' }, prompt: 'none' },
    })
  })

  it('the code exchange sends the exact authorization_code body', async () => {
    const { auth, to } = setup()
    const data = await auth.generateOAuthData('https://shop.test/cb')
    await auth.getMemberTokens('c0de', data.state, data)
    expect(to(TOKEN)[0]?.body).toEqual({
      clientId: 'cid',
      grantType: 'authorization_code',
      redirectUri: 'https://shop.test/cb',
      code: 'c0de',
      codeVerifier: data.codeVerifier,
    })
    expect(to(TOKEN)[0]?.headers.authorization).toBeUndefined()
  })

  it('a returned state other than the generated one → Invalid _state', async () => {
    const { auth, spy } = setup()
    const data = await auth.generateOAuthData('https://shop.test/cb')
    await expect(auth.getMemberTokens('code', data.state + 'x', data)).rejects.toThrow(
      new Error('Invalid _state'),
    )
    expect(spy.requests).toHaveLength(0)
  })

  it.each([
    ['code', undefined, 'state'],
    ['state', 'code', undefined],
    ['both', null, null],
  ])('a missing %s → Missing code or _state', async (_, code, state) => {
    const { auth, spy } = setup()
    const data = await auth.generateOAuthData('https://shop.test/cb')
    await expect(auth.getMemberTokens(code, state, data)).rejects.toThrow(
      new Error('Missing code or _state'),
    )
    expect(spy.requests).toHaveLength(0)
  })

  it('a failed code exchange → Failed to get member tokens, the token error as cause', async () => {
    const { auth } = setup({ [TOKEN]: { status: 400, body: { message: 'invalid_grant' } } })
    const data = await auth.generateOAuthData('https://shop.test/cb')
    const error = (await auth.getMemberTokens('c', data.state, data).catch((e) => e)) as Error
    expect(error.message).toBe('Failed to get member tokens')
    expect(error.cause).toMatchObject({ message: 'something went wrong', status: 400 })
    expect(auth.loggedIn()).toBe(false)
  })

  it('parseFromUrl reads code and state from the fragment', () => {
    const { auth } = setup()
    expect(auth.parseFromUrl('https://shop.test/cb#code=c1&state=s1')).toEqual({
      code: 'c1',
      state: 's1',
      error: undefined,
      errorDescription: undefined,
    })
  })

  it('parseFromUrl reads code and state from the query string', () => {
    const { auth } = setup()
    expect(auth.parseFromUrl('https://shop.test/cb?code=c2&state=s2')).toMatchObject({
      code: 'c2',
      state: 's2',
    })
  })

  it('parseFromUrl reads error and error_description', () => {
    const { auth } = setup()
    expect(
      auth.parseFromUrl(
        'https://shop.test/cb#error=access_denied&error_description=No%20way&state=s',
      ),
    ).toEqual({ code: undefined, state: 's', error: 'access_denied', errorDescription: 'No way' })
    expect(auth.parseFromUrl('https://shop.test/cb?error=login_required')).toMatchObject({
      error: 'login_required',
    })
  })

  it('parseFromUrl honours an explicit responseMode', () => {
    const { auth } = setup()
    const url = 'https://shop.test/cb?code=q&state=qs#code=f&state=fs'
    expect(auth.parseFromUrl(url, 'query')).toMatchObject({ code: 'q', state: 'qs' })
    expect(auth.parseFromUrl(url, 'fragment')).toMatchObject({ code: 'f', state: 'fs' })
    expect(auth.parseFromUrl(url)).toMatchObject({ code: 'f', state: 'fs' })
  })

  it('parseFromUrl defaults to the page URL in a browser', () => {
    vi.stubGlobal('location', { href: 'https://shop.test/cb#code=here&state=st' })
    expect(setup().auth.parseFromUrl()).toMatchObject({ code: 'here', state: 'st' })
  })
})

describe('other calls', () => {
  it('sendPasswordResetEmail sends the e-mail with the redirect and client id', async () => {
    const { auth, to } = setup({ [RECOVERY]: { body: {} } })
    await auth.sendPasswordResetEmail('a@b.c', 'https://shop.test/reset')
    expect(to(RECOVERY)[0]?.body).toEqual({
      email: 'a@b.c',
      redirect: { url: 'https://shop.test/reset', clientId: 'cid' },
    })
  })

  it('external login: snake_case body, Authorization "<visitor token>,<apiKey>", not stored', async () => {
    const { auth, to } = setup()
    const member = await auth.getMemberTokensForExternalLogin('member-1', 'API-KEY')
    const [visitor, external] = to(TOKEN)
    expect(visitor?.body).toEqual({ clientId: 'cid', grantType: 'anonymous' })
    expect(external?.body).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: 'member-1',
    })
    expect(external?.headers.authorization).toBe('at1,API-KEY')
    expect(member).toMatchObject({
      accessToken: { value: 'at2' },
      refreshToken: { value: 'rt2', role: 'member' },
    })
    expect(auth.loggedIn()).toBe(false)
  })

  it('external login with session: sign-on, then the token grant with the session token', async () => {
    const { auth, to } = setup({
      [SIGN_ON]: { body: { sessionToken: 'sess', identity: { id: 'member-9' } } },
    })
    const member = await auth.getMemberTokensForExternalLoginWithSession('a@b.c', 'KEY')
    const [signOn] = to(SIGN_ON)
    expect(signOn?.body).toEqual({ loginId: { email: 'a@b.c' } })
    expect(signOn?.headers.authorization).toBe('at1,KEY')
    expect(to(TOKEN)[1]?.body).toEqual({
      grant_type: 'authorized_client',
      member_id: 'member-9',
      session_token: 'sess',
    })
    expect(to(TOKEN)[1]?.headers.authorization).toBe('at1,KEY')
    expect(member.refreshToken.role).toBe('member')
  })
})
