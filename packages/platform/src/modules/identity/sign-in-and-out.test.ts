import { createClient, OAuthStrategy, type Tokens } from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestBrowser } from '../../test-support/browser.js'
import {
  identityClient,
  memberIdentityId,
  readMailbox,
  registerMember,
  TEST_REDIRECT_URI,
} from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { registerProbes } from '../../test-support/probes.js'
import { rejection } from '../../test-support/rejection.js'

/*
 * Signing out everywhere (a password reset, `v1/logout`, a block) ends every way a member is
 * signed in: the hosted sign-in's cookie, refresh and access tokens, unspent session tokens. And
 * the one rule of who may sign in: only an active member gets tokens, by any grant.
 */

const PASSWORD = 'a good password'

/** A member signed in every way there is. */
interface SignedIn {
  address: string
  id: string
  /** Holds the platform session cookie of a silent sign-in. */
  browser: TestBrowser
  tokens: Tokens
  /** A session token of a login, not spent yet. */
  sessionToken: string
}

describe.each(DIALECTS)('signing in and out on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const email = (tag: string) => `${tag}-${++seq}-${dialect}@example.com`
  const strategy = (tokens?: Tokens) => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront', tokens })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    return auth
  }
  const post = (path: string, body?: object, authorization = platform.adminKey) =>
    fetch(platform.baseUrl + path, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
  const settings = (changes: object) =>
    fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify(changes),
    })
  const whoami = (accessToken: string) =>
    fetch(`${platform.baseUrl}/_probe/whoami`, { headers: { authorization: accessToken } })
  const refresh = (refreshToken: string) =>
    post('/oauth2/token', { clientId: 'demo-storefront', grantType: 'refresh_token', refreshToken })
  const loginSessionToken = async (address: string, password = PASSWORD) =>
    (await strategy().login({ email: address, password })).data!.sessionToken!

  /**
   * A silent (`prompt=none`) authorize in `browser`, with the cookies it keeps and `sessionToken`
   * if given: the redirect's parameters, and the flow's client and data to redeem a code.
   */
  const silent = async (browser: TestBrowser, sessionToken?: string) => {
    const auth = strategy()
    const oauthData = await auth.generateOAuthData(TEST_REDIRECT_URI)
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken,
    })
    const response = await browser.fetch(authUrl)
    expect(response.status).toBe(302)
    const answer = auth.parseFromUrl(response.headers.get('location')!, 'query')
    return { ...answer, redeem: () => auth.getMemberTokens(answer.code, answer.state, oauthData) }
  }

  /** A new member, signed in with a direct login and the silent frame that sets the cookie. */
  const signedIn = async (): Promise<SignedIn> => {
    const address = email('member')
    await registerMember(platform.baseUrl, address, PASSWORD)
    const browser = new TestBrowser()
    const tokens = await (await silent(browser, await loginSessionToken(address))).redeem()
    expect(browser.cookies.has('vitrine_session')).toBe(true)
    // The cookie alone signs in silently, for now.
    expect((await silent(browser)).code).toEqual(expect.any(String))
    const id = await memberIdentityId(platform.app.platform.db.kysely, address)
    return { address, id, browser, tokens, sessionToken: await loginSessionToken(address) }
  }

  /** Every way `member` was signed in is refused. */
  const expectSignedOut = async (member: SignedIn) => {
    expect(await silent(member.browser)).toMatchObject({ error: 'login_required', code: undefined })
    expect(await silent(new TestBrowser(), member.sessionToken)).toMatchObject({
      error: 'login_required',
      code: undefined,
    })
    expect((await whoami(member.tokens.accessToken.value)).status).toBe(401)
    expect((await refresh(member.tokens.refreshToken.value)).status).toBe(400)
  }

  const signOuts: Record<string, (member: SignedIn) => Promise<unknown>> = {
    async 'a password reset'(member) {
      const client = identityClient(platform.baseUrl)
      await client.recovery.sendRecoveryEmail(member.address)
      const [mail] = await readMailbox(platform.baseUrl, member.address)
      const token = new URL(mail!.link!).searchParams.get('recoveryToken')!
      const reset = await client.recovery.recover(token, { password: 'a new password' })
      expect(reset.state).toBe('SUCCESS')
    },
    async 'v1/logout'(member) {
      const auth = strategy(member.tokens)
      const client = createClient({ modules: { authentication }, auth, baseUrl: platform.baseUrl })
      expect((await client.authentication.logout({ clientId: 'demo-storefront' })).statusCode).toBe(
        200,
      )
    },
    async 'a block by the owner'(member) {
      expect((await post(`/_vitrine/members/${member.id}/block`)).status).toBe(200)
    },
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect, {}, registerProbes)
  })
  afterAll(() => platform.close())

  it.each(Object.keys(signOuts))('ends every session of the member after %s', async (way) => {
    const member = await signedIn()
    await signOuts[way]!(member)
    await expectSignedOut(member)
  })

  it.each(Object.keys(signOuts))(
    'refuses a code obtained before %s, not redeemed yet',
    async (way) => {
      const member = await signedIn()
      const code = await silent(member.browser)
      expect(code.code).toEqual(expect.any(String))
      await signOuts[way]!(member)
      if (way === 'a block by the owner')
        expect((await post(`/_vitrine/members/${member.id}/approve`)).status).toBe(200)
      const redeemed = await code.redeem().catch((error: Error) => error.cause)
      expect(redeemed).toMatchObject({ status: 400, code: 'INVALID_GRANT' })
    },
  )

  it('keeps a blocked member’s devices out after the owner lets them back in', async () => {
    const member = await signedIn()
    expect((await post(`/_vitrine/members/${member.id}/block`)).status).toBe(200)
    expect((await post(`/_vitrine/members/${member.id}/approve`)).status).toBe(200)
    await expectSignedOut(member)
    // Only a new sign-in lets them in again.
    expect((await silent(new TestBrowser(), await loginSessionToken(member.address))).code).toEqual(
      expect.any(String),
    )
  })

  it('gives a blocked member no tokens by any grant', async () => {
    const member = await signedIn()
    const code = await silent(new TestBrowser(), await loginSessionToken(member.address))
    expect((await post(`/_vitrine/members/${member.id}/block`)).status).toBe(200)

    const external = strategy().getMemberTokensForExternalLogin(member.id, platform.adminKey)
    expect(await rejection(external)).toMatchObject({ status: 400, code: 'INVALID_GRANT' })
    const redeemed = await code.redeem().catch((error: Error) => error.cause)
    expect(redeemed).toMatchObject({ status: 400, code: 'INVALID_GRANT' })
    expect(await silent(new TestBrowser(), member.sessionToken)).toMatchObject({
      error: 'login_required',
    })
    expect(await silent(member.browser)).toMatchObject({ error: 'login_required' })
    const signOn = strategy().getMemberTokensForExternalLoginWithSession(
      member.address,
      platform.adminKey,
    )
    expect(await rejection(signOn)).toMatchObject({ status: 403, code: 'MEMBER_BLOCKED' })
  })

  it('lets a pending member in by no grant, and sign-on only once nothing is left to wait for', async () => {
    const combined = `${(await strategy().generateVisitorTokens()).accessToken.value},${platform.adminKey}`
    /** `sign-on` of `address` by the owner's backend, vouching for the e-mail. */
    const signOn = (address: string) =>
      post(
        '/_api/iam/authentication/v2/sign-on',
        { loginId: { email: address }, verifyEmail: true },
        combined,
      )
    /** A member of `address`, registered on a site with `steps`: their identity id. */
    const pending = async (address: string, steps: object, state: string) => {
      expect((await settings(steps)).status).toBe(200)
      const registered = await strategy().register({ email: address, password: PASSWORD })
      expect(registered.loginState).toBe(state)
      return memberIdentityId(platform.app.platform.db.kysely, address)
    }
    try {
      // Waiting for the owner: vouching for the e-mail is not enough.
      const waiting = email('approval')
      await pending(waiting, { ownerApprovalRequired: true }, 'OWNER_APPROVAL_REQUIRED')
      expect(await (await signOn(waiting)).json()).toMatchObject({
        details: { applicationError: { code: 'MEMBER_PENDING' } },
      })

      const address = email('pending')
      const id = await pending(
        address,
        { ownerApprovalRequired: false, emailVerificationRequired: true },
        'EMAIL_VERIFICATION_REQUIRED',
      )
      const external = strategy().getMemberTokensForExternalLogin(id, platform.adminKey)
      expect(await rejection(external)).toMatchObject({ status: 400, code: 'INVALID_GRANT' })
      // Signing on without vouching for the e-mail gives no session token to spend.
      const withSession = strategy().getMemberTokensForExternalLoginWithSession(
        address,
        platform.adminKey,
      )
      expect(await rejection(withSession)).toMatchObject({ status: 403, code: 'MEMBER_PENDING' })

      // The elevated caller vouches for the e-mail: the member is active and signed on.
      const signedOn = await signOn(address)
      expect(signedOn.status).toBe(200)
      const { sessionToken, identity } = (await signedOn.json()) as {
        sessionToken: string
        identity: { status: { name: string } }
      }
      expect(identity.status).toEqual({ name: 'ACTIVE', reasons: [] })
      const grant = { grant_type: 'authorized_client', member_id: id, session_token: sessionToken }
      expect((await post('/oauth2/token', grant, combined)).status).toBe(200)
    } finally {
      const none = { emailVerificationRequired: false, ownerApprovalRequired: false }
      expect((await settings(none)).status).toBe(200)
    }
  })
})
