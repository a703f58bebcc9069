import {
  ApiKeyStrategy,
  createClient,
  createHttp,
  OAuthStrategy,
  type AuthStrategy,
  type Endpoint,
} from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretHash } from '../../auth/secrets.js'
import { memberIdentityId, registerMember } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { registerProbes } from '../../test-support/probes.js'
import { rejection } from '../../test-support/rejection.js'

const WHOAMI: Endpoint = { method: 'GET', path: '/_probe/whoami' }
const ELEVATED: Endpoint = { method: 'POST', path: '/_probe/elevated' }

/** A `refresh_token` grant of the storefront's client on the platform at `baseUrl`. */
const refreshGrant = (baseUrl: string, refreshToken: string) =>
  fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'refresh_token', refreshToken }),
  })

interface Who {
  id: string
  type: string
  via: string
}

describe.each(DIALECTS)('POST /oauth2/token on %s', (dialect) => {
  let platform: TestPlatform
  const visitor = () => OAuthStrategy({ clientId: 'demo-storefront' })
  const http = (auth?: AuthStrategy) => {
    // createClient attaches the strategy to the platform, so its token calls go there too.
    if (auth) createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    return createHttp({ baseUrl: platform.baseUrl, auth })
  }
  const token = (body: object, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  /** A new active member of `email` (registered through the client). */
  const newMember = async (email: string) => {
    await registerMember(platform.baseUrl, email, 'a good password')
    return { id: await memberIdentityId(platform.app.platform.db.kysely, email) }
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect, {}, registerProbes)
  })
  afterAll(() => platform.close())

  it('gives a new visitor tokens for the anonymous grant, in the provider shape', async () => {
    const response = await token({ clientId: 'demo-storefront', grantType: 'anonymous' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 14400,
      token_type: 'Bearer',
    })
    expect(body.access_token).not.toBe(body.refresh_token)
  })

  it('authenticates the client: getAuthHeaders fetches visitor tokens the platform accepts', async () => {
    const auth = visitor()
    http(auth)
    const { headers } = await auth.getAuthHeaders()
    expect(headers.Authorization).toMatch(/^vitrine_at_[\w-]{43}$/)
    expect(auth.getTokens().refreshToken.role).toBe('visitor')
    const who = await http(auth).call<Who>(WHOAMI)
    expect(who).toEqual({ id: expect.any(String), type: 'ANONYMOUS_VISITOR', via: 'accessToken' })
    // A second visitor is another identity.
    const other = await http(visitor()).call<Who>(WHOAMI)
    expect(other.id).not.toBe(who.id)
  })

  it('keeps a refresh token working when the new one of the answer is ignored', async () => {
    const auth = visitor()
    http(auth)
    const first = await auth.generateVisitorTokens()
    const renewed = await auth.renewToken(first.refreshToken)
    const again = await auth.renewToken(first.refreshToken)
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value)
    expect(again.accessToken.value).not.toBe(renewed.accessToken.value)

    const raw = await token({
      clientId: 'demo-storefront',
      grantType: 'refresh_token',
      refreshToken: first.refreshToken.value,
    })
    expect(raw.status).toBe(200)
    expect(((await raw.json()) as { refresh_token: string }).refresh_token).toBe(
      first.refreshToken.value,
    )

    // Every access token issued stands for the same visitor.
    const ids = new Set<string>()
    for (const tokens of [first, renewed, again]) {
      auth.setTokens(tokens)
      ids.add((await http(auth).call<Who>(WHOAMI)).id)
    }
    expect(ids.size).toBe(1)
  })

  it('refuses an unknown or foreign refresh token; the client then falls back to a new visitor', async () => {
    const refused = await token({
      clientId: 'demo-storefront',
      grantType: 'refresh_token',
      refreshToken: 'not-a-token',
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_GRANT' } },
    })

    const { kysely } = platform.app.platform.db
    await kysely
      .insertInto('oauth_clients')
      .values({ id: 'other-shop', name: 'Other', created_date: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    const ours = (await (
      await token({ clientId: 'demo-storefront', grantType: 'anonymous' })
    ).json()) as {
      refresh_token: string
    }
    const foreign = await token({
      clientId: 'other-shop',
      grantType: 'refresh_token',
      refreshToken: ours.refresh_token,
    })
    expect(foreign.status).toBe(400)

    const auth = visitor()
    http(auth)
    auth.setTokens({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: 'not-a-token', role: 'visitor' },
    })
    const who = await http(auth).call<Who>(WHOAMI)
    expect(who.type).toBe('ANONYMOUS_VISITOR')
    expect(auth.getTokens().refreshToken.value).not.toBe('not-a-token')
  })

  it('refuses an unknown client id in the provider format', async () => {
    const response = await token({ clientId: 'nobody', grantType: 'anonymous' })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-wix-request-id')).toBeTruthy()
    expect(await response.json()).toEqual({
      message: 'Unknown OAuth client "nobody"',
      details: {
        applicationError: {
          code: 'INVALID_CLIENT',
          description: 'Unknown OAuth client "nobody"',
          data: {},
        },
      },
    })
    const stranger = OAuthStrategy({ clientId: 'nobody' })
    http(stranger)
    const error = await rejection(stranger.getAuthHeaders())
    expect(error.message).toBe('something went wrong')
  })

  it('answers 401 (kind client) for a missing, empty or unknown token', async () => {
    for (const Authorization of [undefined, '', 'garbage', 'a,b,c']) {
      const auth =
        Authorization === undefined
          ? undefined
          : { getAuthHeaders: () => ({ headers: { Authorization } }) }
      const error = await rejection(http(auth).call(WHOAMI))
      expect(error).toMatchObject({ status: 401, kind: 'client', code: 'UNAUTHORIZED' })
      expect(error.requestId).toBeTruthy()
    }
  })

  it('accepts `Bearer <token>` as well as the raw token', async () => {
    const auth = visitor()
    http(auth)
    const { headers } = await auth.getAuthHeaders()
    const bearer = {
      getAuthHeaders: () => ({ headers: { Authorization: `Bearer ${headers.Authorization}` } }),
    }
    expect((await http(bearer).call<Who>(WHOAMI)).type).toBe('ANONYMOUS_VISITOR')
  })

  it('gives member tokens for authorized_client with the admin key, and refuses a bad key', async () => {
    const member = await newMember('ann@example.com')
    const auth = visitor()
    http(auth)
    const tokens = await auth.getMemberTokensForExternalLogin(member.id, platform.adminKey)
    expect(tokens.refreshToken.role).toBe('member')
    const memberAuth = visitor()
    memberAuth.setTokens(tokens)
    expect(await http(memberAuth).call<Who>(WHOAMI)).toEqual({
      id: member.id,
      type: 'MEMBER',
      via: 'accessToken',
    })

    const bad = await rejection(auth.getMemberTokensForExternalLogin(member.id, 'wrong-key'))
    expect(bad.status).toBe(401)
    const unknown = await rejection(
      auth.getMemberTokensForExternalLogin('nobody', platform.adminKey),
    )
    expect(unknown.status).toBe(404)

    const { headers } = await auth.getAuthHeaders()
    const keyOnly = await token(
      { grant_type: 'authorized_client', member_id: member.id },
      { authorization: platform.adminKey },
    )
    expect(keyOnly.status).toBe(401)
    const noMember = await token(
      { grant_type: 'authorized_client', scope: 'offline_access' },
      { authorization: `${headers.Authorization},${platform.adminKey}` },
    )
    expect(noMember.status).toBe(400)
    expect(await noMember.json()).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [{ field: 'member_id', violatedRule: 'REQUIRED_FIELD' }],
        },
      },
    })
  })

  it('refuses an unknown authorization code or a malformed verifier with INVALID_GRANT', async () => {
    for (const codeVerifier of ['y', 'v'.repeat(43)]) {
      const response = await token({
        clientId: 'demo-storefront',
        grantType: 'authorization_code',
        redirectUri: 'http://localhost:5173/callback',
        code: 'x',
        codeVerifier,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        details: { applicationError: { code: 'INVALID_GRANT' } },
      })
    }
  })

  it('reports a missing or unknown grant type as a field violation', async () => {
    const missing = await token({ clientId: 'demo-storefront' })
    expect(await missing.json()).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [{ field: 'grantType', violatedRule: 'REQUIRED_FIELD' }],
        },
      },
    })
    const unknown = await token({ clientId: 'demo-storefront', grantType: 'password' })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [{ field: 'grantType', violatedRule: 'INVALID_ENUM_VALUE' }],
        },
      },
    })
  })

  it('lets the admin key and only elevated identities make elevated calls', async () => {
    const admin = await http(ApiKeyStrategy({ apiKey: platform.adminKey })).call<Who>(ELEVATED)
    expect(admin).toMatchObject({ type: 'WIX_USER', via: 'apiKey' })

    const asVisitor = await rejection(http(visitor()).call(ELEVATED))
    expect(asVisitor).toMatchObject({ status: 403, kind: 'client', code: 'FORBIDDEN' })

    const member = await newMember('elevated@example.com')
    const auth = visitor()
    http(auth)
    const memberAuth = visitor()
    memberAuth.setTokens(await auth.getMemberTokensForExternalLogin(member.id, platform.adminKey))
    expect(await rejection(http(memberAuth).call(ELEVATED))).toMatchObject({ status: 403 })

    const wrongKey = await rejection(http(ApiKeyStrategy({ apiKey: 'wrong' })).call(ELEVATED))
    expect(wrongKey).toMatchObject({ status: 401, kind: 'client' })
  })
})

describe.each(DIALECTS)('access token expiry on %s', (dialect) => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startPlatform(dialect, { accessTokenTtlSeconds: 1 }, registerProbes)
  })
  afterAll(() => platform.close())

  it('answers 401 for an expired access token; the client renews it with its refresh token', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    const http = createHttp({ baseUrl: platform.baseUrl, auth })
    const tokens = await auth.generateVisitorTokens()
    expect(tokens.accessToken.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(1)
    await new Promise((resolve) => setTimeout(resolve, 1100))

    // The platform says it has expired, whatever a caller believes.
    const answer = await fetch(`${platform.baseUrl}${WHOAMI.path}`, {
      headers: { authorization: tokens.accessToken.value },
    })
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({ message: 'The access token has expired' })

    // A client that believes the token is still good is told so, renews it with the same refresh
    // token and sends the call again: same visitor.
    auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 2 ** 31 } })
    const who = await http.call<Who>(WHOAMI)
    expect(who.type).toBe('ANONYMOUS_VISITOR')
    expect(auth.getTokens().refreshToken.value).toBe(tokens.refreshToken.value)
    expect(auth.getTokens().accessToken.value).not.toBe(tokens.accessToken.value)
  })
})

describe.each(DIALECTS)('two platform instances over one %s database', (dialect) => {
  it('share tokens: no state lives in one process', async () => {
    const first = await startPlatform(dialect, {}, registerProbes)
    const second = await startPlatform(
      dialect,
      { databaseUrl: first.app.platform.config.databaseUrl },
      registerProbes,
    )
    try {
      expect(second.adminKey).toBe(first.adminKey)
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      createClient({ modules: {}, auth, baseUrl: first.baseUrl })
      const tokens = await auth.generateVisitorTokens()
      auth.setTokens(tokens)
      const onFirst = await createHttp({ baseUrl: first.baseUrl, auth }).call<Who>(WHOAMI)
      const onSecond = await createHttp({ baseUrl: second.baseUrl, auth }).call<Who>(WHOAMI)
      expect(onSecond.id).toBe(onFirst.id)
    } finally {
      await second.close()
      await first.close()
    }
  })
})

describe.each(DIALECTS)('a refresh racing a logout on %s', (dialect) => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startPlatform(dialect, {}, registerProbes)
  })
  afterAll(() => platform.close())

  it('never mints an access token that works after the logout', async () => {
    const call = (path: string, init: RequestInit = {}) => fetch(platform.baseUrl + path, init)
    const refresh = (refreshToken: string) => refreshGrant(platform.baseUrl, refreshToken)
    const minted: string[] = []
    for (let round = 0; round < 25; round++) {
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
      const email = `race-${round}@example.com`
      const tokens = await auth.getMemberTokensForExternalLoginWithSession(email, platform.adminKey)
      // Refreshes sent just before, with and just after the logout.
      const refreshes = Array.from({ length: 4 }, () => refresh(tokens.refreshToken.value))
      const logout = call('/_api/iam/authentication/v1/logout', {
        headers: { authorization: tokens.accessToken.value },
      })
      refreshes.push(refresh(tokens.refreshToken.value))
      expect((await logout).status).toBe(200)
      for (const response of await Promise.all(refreshes))
        if (response.status === 200)
          minted.push(((await response.json()) as { access_token: string }).access_token)
      expect((await refresh(tokens.refreshToken.value)).status).toBe(400)
    }
    // A live token answers 200 (the dead ones 401, or 429 once the address got too many wrong).
    const working: string[] = []
    for (const accessToken of minted) {
      const who = await call('/_probe/whoami', { headers: { authorization: accessToken } })
      if (who.status === 200) working.push(accessToken)
    }
    expect(working).toEqual([])
  })
})

describe.each(DIALECTS)('refresh token lifetime on %s', (dialect) => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startPlatform(dialect, { refreshTokenTtlSeconds: 3600 }, registerProbes)
  })
  afterAll(() => platform.close())

  it('refuses a refresh token past its lifetime (INVALID_GRANT): the client becomes a new visitor', async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    const http = createHttp({ baseUrl: platform.baseUrl, auth })
    const tokens = await auth.generateVisitorTokens()
    auth.setTokens(tokens)
    const visitor = await http.call<Who>(WHOAMI)
    /** Makes the refresh token `seconds` old (as if issued then). */
    const age = (seconds: number) =>
      platform.app.platform.db.kysely
        .updateTable('tokens')
        .set({ created_date: new Date(Date.now() - seconds * 1000).toISOString() })
        .where('token_hash', '=', secretHash(tokens.refreshToken.value))
        .execute()
    const refresh = () => refreshGrant(platform.baseUrl, tokens.refreshToken.value)

    await age(3600 - 60)
    expect((await refresh()).status).toBe(200)
    await age(3600 + 60)
    const expired = await refresh()
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_GRANT' } },
    })

    // The client sees its access token expired, cannot renew it, and starts a new visitor.
    auth.setTokens({ ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 0 } })
    const after = await http.call<Who>(WHOAMI)
    expect(after.type).toBe('ANONYMOUS_VISITOR')
    expect(after.id).not.toBe(visitor.id)
    expect(auth.getTokens().refreshToken.value).not.toBe(tokens.refreshToken.value)
  })
})
