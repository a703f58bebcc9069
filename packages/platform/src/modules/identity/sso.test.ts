import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { createClient, OAuthStrategy } from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'

/*
 * SSO with a test identity provider: an RSA key pair made here, its public key registered as a
 * connection of the site, and id_tokens signed with it (or with the wrong key, for the wrong
 * audience, …) sent through the client's loginWithIdpConnectionTokenParams.
 */

const ISSUER = 'https://idp.test'
const AUDIENCE = 'vitrine-demo'

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/** An id_token signed RS256 with `key` (or with the given header, unsigned when `alg` is none). */
function idToken(key: KeyObject, claims: object, header: object = { alg: 'RS256', typ: 'JWT' }) {
  const now = Math.floor(Date.now() / 1000)
  const body = b64({ iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 300, ...claims })
  const input = `${b64(header)}.${body}`
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`
}

describe.each(DIALECTS)('SSO login with token params on %s', (dialect) => {
  let platform: TestPlatform
  const idp = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicKey = idp.publicKey.export({ type: 'spki', format: 'pem' }).toString()

  const client = () =>
    createClient({
      modules: { authentication },
      auth: OAuthStrategy({ clientId: 'demo-storefront' }),
      baseUrl: platform.baseUrl,
    })
  const login = (token: string, connection = 'test-idp') =>
    client()
      .authentication.loginWithIdpConnectionTokenParams(connection, { id_token: token })
      .catch((error: unknown) => error)
  const connections = (body: object, authorization = platform.adminKey) =>
    fetch(`${platform.baseUrl}/_vitrine/site/idp-connections`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    platform = await startPlatform(dialect)
    const created = await connections({
      id: 'test-idp',
      name: 'Test IdP',
      publicKey,
      issuer: ISSUER,
      audience: AUDIENCE,
    })
    expect(created.status).toBe(200)
  })
  afterAll(() => platform.close())

  it('lets only the owner register a connection, with a real RSA public key', async () => {
    const visitor = await fetch(`${platform.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
    })
    const { access_token } = (await visitor.json()) as { access_token: string }
    const body = { name: 'x', publicKey, issuer: ISSUER, audience: AUDIENCE }
    expect((await connections(body, access_token)).status).toBe(403)
    const notAKey = await connections({ ...body, publicKey: 'hello' })
    expect(notAKey.status).toBe(400)
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const ecPem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect((await connections({ ...body, publicKey: ecPem })).status).toBe(400)
    const list = await fetch(`${platform.baseUrl}/_vitrine/site/idp-connections`, {
      headers: { authorization: platform.adminKey },
    })
    expect(await list.json()).toMatchObject({
      idpConnections: [{ id: 'test-idp', issuer: ISSUER, audience: AUDIENCE }],
    })
  })

  it('signs a new member in, and the same member again by subject', async () => {
    const token = idToken(idp.privateKey, {
      sub: 'user-1',
      email: `sso-1-${dialect}@example.com`,
      email_verified: true,
      given_name: 'Sam',
    })
    const first = await login(token)
    expect(first).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: {
        connections: [{ idpConnection: { idpConnectionId: 'test-idp', subject: 'user-1' } }],
        identityProfile: { firstName: 'Sam' },
        email: { isVerified: true },
      },
    })
    const again = await login(
      idToken(idp.privateKey, { sub: 'user-1', email: `changed-${dialect}@example.com` }),
    )
    expect(again).toMatchObject({ state: 'SUCCESS' })
    expect((again as { identity: { id: string } }).identity.id).toBe(
      (first as { identity: { id: string } }).identity.id,
    )
  })

  it('refuses a wrong signature, audience, issuer, an expired token and other algorithms', async () => {
    const claims = { sub: 'user-2', email: `sso-2-${dialect}@example.com` }
    const cases: [string, string][] = [
      [idToken(stranger.privateKey, claims), 'bad signature'],
      [idToken(idp.privateKey, { ...claims, aud: 'someone-else' }), 'wrong audience'],
      [idToken(idp.privateKey, { ...claims, iss: 'https://evil.test' }), 'wrong issuer'],
      [idToken(idp.privateKey, { ...claims, exp: Math.floor(Date.now() / 1000) - 120 }), 'expired'],
      [`${b64({ alg: 'none' })}.${b64({ ...claims, iss: ISSUER, aud: AUDIENCE })}.`, 'RS256'],
      [idToken(idp.privateKey, claims, { alg: 'HS256' }), 'RS256'],
      ['not.a-token', 'JWS'],
    ]
    for (const [token, reason] of cases) {
      const error = await login(token)
      expect(error).toMatchObject({ status: 401, code: 'INVALID_ID_TOKEN' })
      expect((error as Error).message).toContain(reason)
    }
    // Payload edited after signing: the signature no longer matches.
    const [head, , signature] = idToken(idp.privateKey, claims).split('.')
    const edited = `${head}.${b64({ ...claims, sub: 'admin', iss: ISSUER, aud: AUDIENCE, exp: 2e9 })}.${signature}`
    expect(await login(edited)).toMatchObject({ code: 'INVALID_ID_TOKEN' })
  })

  it('answers 404 for an unknown connection and a field violation without id_token', async () => {
    expect(await login(idToken(idp.privateKey, { sub: 'x' }), 'nobody')).toMatchObject({
      status: 404,
      code: 'IDP_CONNECTION_NOT_FOUND',
    })
    const missing = await client()
      .authentication.loginWithIdpConnectionTokenParams('test-idp', { code: 'x' })
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' })
  })

  it('links an existing member only when the provider vouches for the e-mail', async () => {
    const address = `linked-${dialect}@example.com`
    await client().authentication.registerV2({ email: address }, { password: 'a password' })
    const unverified = await login(idToken(idp.privateKey, { sub: 'user-3', email: address }))
    expect(unverified).toMatchObject({ status: 409, code: 'IDP_EMAIL_NOT_VERIFIED' })
    const verified = await login(
      idToken(idp.privateKey, {
        sub: 'user-3',
        email: address.toUpperCase(),
        email_verified: true,
      }),
    )
    expect(verified).toMatchObject({
      state: 'SUCCESS',
      identity: {
        email: { address },
        connections: [
          { authenticatorConnection: { authenticatorConnectionId: 'password' } },
          { idpConnection: { subject: 'user-3' } },
        ],
      },
    })
  })

  it('applies the site steps to new SSO members (owner approval)', async () => {
    const patch = (body: object) =>
      fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
        method: 'PATCH',
        headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    await patch({ ownerApprovalRequired: true })
    try {
      const result = await login(
        idToken(idp.privateKey, { sub: 'user-4', email: `sso-4-${dialect}@example.com` }),
      )
      expect(result).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        stateToken: expect.any(String),
      })
    } finally {
      await patch({ ownerApprovalRequired: false })
    }
  })
})
