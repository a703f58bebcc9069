import { createHash } from 'node:crypto'
import { createClient, OAuthStrategy, type OAuthData } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretHash } from '../../auth/secrets.js'
import { memberIdentityId } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { registerProbes } from '../../test-support/probes.js'

/*
 * OAuth 2.0 authorization code with PKCE through the real client: login → session token →
 * `getAuthUrl` → `/_vitrine/authorize` → code → `getMemberTokens`, and the attacks, each refused.
 */

const STOREFRONT = 'http://localhost:5173'
const REDIRECT = `${STOREFRONT}/callback`
const PASSWORD = 'correct horse 1'
type Mode = 'query' | 'fragment' | 'web_message'

describe.each(DIALECTS)('hosted authorize with PKCE on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const db = () => platform.app.platform.db.kysely
  const strategy = (clientId = 'demo-storefront') => {
    const auth = OAuthStrategy({ clientId })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    return auth
  }
  const whoami = (accessToken: string) =>
    fetch(`${platform.baseUrl}/_probe/whoami`, { headers: { authorization: accessToken } })
  const token = (body: object) =>
    fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  /** A new ACTIVE member signed in through the client: its identity id and a session token. */
  const member = async () => {
    const email = `pkce-${++seq}-${dialect}@example.com`
    const registered = await strategy().register({ email, password: PASSWORD })
    expect(registered.loginState).toBe('SUCCESS')
    const login = await strategy().login({ email, password: PASSWORD })
    expect(login.loginState).toBe('SUCCESS')
    return { id: await memberIdentityId(db(), email), sessionToken: login.data!.sessionToken! }
  }

  /** Starts an auth flow and fetches the authorize URL without following redirects. */
  const authorize = async (
    options: { mode?: Mode; prompt?: 'none' | 'login'; sessionToken?: string } = {},
    auth = strategy(),
  ) => {
    const oauthData = await auth.generateOAuthData(REDIRECT)
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: options.prompt ?? 'none',
      responseMode: options.mode ?? 'query',
      sessionToken: options.sessionToken,
    })
    const response = await fetch(authUrl, { redirect: 'manual' })
    return { auth, oauthData, authUrl, response }
  }

  /** The `{code, state}` (or error) of a redirect answer, as the client reads it. */
  const returned = async (options: Parameters<typeof authorize>[0] = {}) => {
    const flow = await authorize(options)
    expect(flow.response.status).toBe(302)
    expect(flow.response.headers.get('cache-control')).toBe('no-store')
    const location = flow.response.headers.get('location')!
    expect(location.startsWith(REDIRECT)).toBe(true)
    return { ...flow, location, ...flow.auth.parseFromUrl(location, options.mode ?? 'query') }
  }

  /** What the `web_message` page posts, and to which origin, by running its one script. */
  const posted = async (response: Response) => {
    const html = await response.text()
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    expect(scripts).toHaveLength(1)
    const calls: [unknown, string][] = []
    new Function('window', scripts[0]!)({
      parent: { postMessage: (data: unknown, origin: string) => calls.push([data, origin]) },
    })
    expect(calls).toHaveLength(1)
    return {
      script: scripts[0]!,
      data: calls[0]![0] as Record<string, string>,
      origin: calls[0]![1],
    }
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect, {}, registerProbes)
    const response = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: false, captchaRequired: false }),
    })
    expect(response.status).toBe(200)
    await db()
      .insertInto('oauth_clients')
      .values({ id: 'other-shop', name: 'Other', created_date: new Date().toISOString() })
      .execute()
    await db()
      .insertInto('oauth_client_origins')
      .values({ client_id: 'other-shop', origin: STOREFRONT })
      .execute()
  })
  afterAll(() => platform.close())

  it.each(['query', 'fragment'] as const)(
    'prompt=none, response mode %s: a code in the redirect buys member tokens for that member',
    async (mode) => {
      const { id, sessionToken } = await member()
      const flow = await returned({ mode, sessionToken })
      expect(flow.location.includes(mode === 'query' ? '?code=' : '#code=')).toBe(true)
      expect(flow.state).toBe(flow.oauthData.state)
      expect(flow.error).toBeUndefined()
      const tokens = await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
      expect(flow.auth.loggedIn()).toBe(true)
      expect(tokens.refreshToken.role).toBe('member')
      const who = await whoami(tokens.accessToken.value)
      expect(await who.json()).toEqual({ id, type: 'MEMBER', via: 'accessToken' })
      // The code is stored hashed only.
      const stored = await db()
        .selectFrom('authorization_codes')
        .selectAll()
        .where('token_hash', '=', secretHash(flow.code!))
        .executeTakeFirstOrThrow()
      expect(stored).toMatchObject({
        client_id: 'demo-storefront',
        redirect_uri: REDIRECT,
        code_challenge: flow.oauthData.codeChallenge,
        identity_id: id,
        used_at: expect.any(String),
      })
      expect(Date.parse(stored.expires_at!) - Date.parse(stored.created_date)).toBe(600_000)
    },
  )

  it('web_message: a page that posts {code, state} to the exact redirect origin, framed only there', async () => {
    const { id, sessionToken } = await member()
    const { auth, oauthData, response } = await authorize({ mode: 'web_message', sessionToken })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('x-frame-options')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { script, data, origin } = await posted(response)
    expect(origin).toBe(STOREFRONT)
    expect(data).toEqual({ code: expect.any(String), state: oauthData.state })
    const hash = createHash('sha256').update(script).digest('base64')
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors ${STOREFRONT}; base-uri 'none'; form-action 'none'`,
    )
    const tokens = await auth.getMemberTokens(data.code, data.state, oauthData)
    expect(((await (await whoami(tokens.accessToken.value)).json()) as { id: string }).id).toBe(id)
  })

  it('web_message without a session token posts login_required, still only to the redirect origin', async () => {
    const { oauthData, response } = await authorize({ mode: 'web_message' })
    const { data, origin } = await posted(response)
    expect(origin).toBe(STOREFRONT)
    expect(data).toEqual({
      error: 'login_required',
      error_description: expect.any(String),
      state: oauthData.state,
    })
  })

  it('refuses a wrong PKCE verifier; the right one still works', async () => {
    const { sessionToken } = await member()
    const flow = await returned({ sessionToken })
    // A well-formed verifier that is not the one of this flow.
    const forged: OAuthData = { ...flow.oauthData, codeVerifier: 'a'.repeat(64) }
    await expect(flow.auth.getMemberTokens(flow.code, flow.state, forged)).rejects.toThrow(
      'Failed to get member tokens',
    )
    expect(flow.auth.loggedIn()).toBe(false)
    await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
    expect(flow.auth.loggedIn()).toBe(true)
  })

  it('refuses a reused code and revokes the tokens of its first use', async () => {
    const { sessionToken } = await member()
    const flow = await returned({ sessionToken })
    const first = await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
    expect((await whoami(first.accessToken.value)).status).toBe(200)
    await expect(strategy().getMemberTokens(flow.code, flow.state, flow.oauthData)).rejects.toThrow(
      'Failed to get member tokens',
    )
    expect((await whoami(first.accessToken.value)).status).toBe(401)
    const renew = await token({
      clientId: 'demo-storefront',
      grantType: 'refresh_token',
      refreshToken: first.refreshToken.value,
    })
    expect(renew.status).toBe(400)
  })

  it('refuses an expired code, a code for another client and another redirect URI', async () => {
    const { sessionToken } = await member()
    const flow = await returned({ sessionToken })
    const exchange = (body: object) =>
      token({
        clientId: 'demo-storefront',
        grantType: 'authorization_code',
        redirectUri: REDIRECT,
        code: flow.code,
        codeVerifier: flow.oauthData.codeVerifier,
        ...body,
      })
    const refused = async (body: object) => {
      const response = await exchange(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        details: { applicationError: { code: 'INVALID_GRANT' } },
      })
    }
    await refused({ clientId: 'other-shop' })
    await expect(
      strategy('other-shop').getMemberTokens(flow.code, flow.state, flow.oauthData),
    ).rejects.toThrow('Failed to get member tokens')
    await refused({ redirectUri: `${STOREFRONT}/elsewhere` })
    await db()
      .updateTable('authorization_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', secretHash(flow.code!))
      .execute()
    await refused({})
    await expect(flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)).rejects.toThrow(
      'Failed to get member tokens',
    )
  })

  it('answers login_required without a session token, with an invalid one and with a spent one', async () => {
    const missing = await returned({})
    expect(missing).toMatchObject({ error: 'login_required', state: missing.oauthData.state })
    expect(missing.code).toBeUndefined()
    const asLogin = await authorize({ prompt: 'login', mode: 'fragment' })
    expect(asLogin.response.status).toBe(200)
    expect(await asLogin.response.text()).toContain('<form method="post"')
    const invalid = await returned({ sessionToken: 'not-a-session-token' })
    expect(invalid.error).toBe('login_required')

    const { sessionToken } = await member()
    const first = await returned({ sessionToken })
    expect(first.code).toEqual(expect.any(String))
    const again = await returned({ sessionToken })
    expect(again).toMatchObject({ error: 'login_required', code: undefined })
    const replay = await fetch(first.authUrl, { redirect: 'manual' })
    expect(first.auth.parseFromUrl(replay.headers.get('location')!, 'query').error).toBe(
      'login_required',
    )
  })

  it('spends a session token only in a flow of the client it was issued for', async () => {
    const { id, sessionToken } = await member()
    // Another OAuth client (its own visitor token, the same redirect origin on its allow-list).
    const other = strategy('other-shop')
    const otherData = await other.generateOAuthData(REDIRECT)
    const { authUrl } = await other.getAuthUrl(otherData, { prompt: 'none', sessionToken })
    const stolen = await fetch(authUrl, { redirect: 'manual' })
    expect(stolen.status).toBe(302)
    expect(other.parseFromUrl(stolen.headers.get('location')!, 'fragment')).toMatchObject({
      error: 'login_required',
      code: undefined,
    })

    // A login without any client (no access token) issues a token no client's flow can spend.
    const email = `pkce-raw-${++seq}-${dialect}@example.com`
    await strategy().register({ email, password: PASSWORD })
    const raw = await fetch(`${platform.baseUrl}/_api/iam/authentication/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
    })
    const unbound = ((await raw.json()) as { sessionToken: string }).sessionToken
    expect(unbound).toEqual(expect.any(String))
    expect((await returned({ sessionToken: unbound })).error).toBe('login_required')

    // The refused flow did not spend it: its own client's flow still signs the member in.
    const own = await returned({ sessionToken })
    const tokens = await own.auth.getMemberTokens(own.code, own.state, own.oauthData)
    expect(((await (await whoami(tokens.accessToken.value)).json()) as { id: string }).id).toBe(id)
  })

  it('starts a platform session with the code of a session token: later prompt=none flows sign in from its cookie', async () => {
    const { id, sessionToken } = await member()
    const flow = await returned({ sessionToken })
    const [cookie] = flow.response.headers.getSetCookie()
    expect(cookie).toMatch(
      /^vitrine_session=[\w-]{43}; Max-Age=604800; Path=\/_vitrine; HttpOnly; Secure; SameSite=None$/,
    )
    const value = cookie!.slice('vitrine_session='.length, cookie!.indexOf(';'))
    const auth = strategy()
    const oauthData = await auth.generateOAuthData(REDIRECT)
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query' })
    const silent = await fetch(authUrl, {
      redirect: 'manual',
      headers: { cookie: `vitrine_session=${value}` },
    })
    const answer = auth.parseFromUrl(silent.headers.get('location')!, 'query')
    expect(answer.error).toBeUndefined()
    const tokens = await auth.getMemberTokens(answer.code, answer.state, oauthData)
    expect(((await (await whoami(tokens.accessToken.value)).json()) as { id: string }).id).toBe(id)
    // A refused session token starts nothing.
    const refused = await returned({ sessionToken })
    expect(refused.error).toBe('login_required')
    expect(refused.response.headers.getSetCookie()).toEqual([])
  })

  it('never redirects to a redirect URI off the allow-list, nor for an unknown or expired session', async () => {
    const { sessionToken } = await member()
    for (const mode of ['query', 'web_message'] as const) {
      const auth = strategy()
      const oauthData = await auth.generateOAuthData(REDIRECT)
      const { authUrl } = await auth.getAuthUrl(oauthData, {
        prompt: 'none',
        responseMode: mode,
        sessionToken,
      })
      const id = new URL(authUrl).searchParams.get('session')!
      const row = await db()
        .selectFrom('redirect_sessions')
        .select('request')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const request = JSON.parse(row.request) as { auth: { authRequest: { redirectUri: string } } }
      request.auth.authRequest.redirectUri = 'https://evil.example/steal'
      await db()
        .updateTable('redirect_sessions')
        .set({ request: JSON.stringify(request) })
        .where('id', '=', id)
        .execute()
      const response = await fetch(authUrl, { redirect: 'manual' })
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      const html = await response.text()
      expect(html).not.toMatch(/evil\.example|<script/)
    }
    // The session token was not spent by the refused requests.
    const ok = await returned({ sessionToken })
    expect(ok.code).toEqual(expect.any(String))

    const unknown = await fetch(`${platform.baseUrl}/_vitrine/authorize?session=nope`, {
      redirect: 'manual',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('location')).toBeNull()
    const bare = await fetch(`${platform.baseUrl}/_vitrine/authorize`, { redirect: 'manual' })
    expect(bare.status).toBe(400)

    const { authUrl } = await authorize({ sessionToken: 'whatever' })
    await db()
      .updateTable('redirect_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', new URL(authUrl).searchParams.get('session')!)
      .execute()
    const expired = await fetch(authUrl, { redirect: 'manual' })
    expect(expired.status).toBe(400)
    expect(expired.headers.get('location')).toBeNull()
  })
})
