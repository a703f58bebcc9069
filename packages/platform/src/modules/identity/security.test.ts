import { createClient, OAuthStrategy, type Tokens } from '@vitrine/client'
import { authentication } from '@vitrine/client/identity'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { fetchFrom } from '../../test-support/remote-address.js'
import { sendMail } from './mail.js'

/*
 * The guards of the identity routes: brute-force limits (a captcha after an e-mail's failed
 * logins, 429 with Retry-After past an address's limit), who may call change-password, sign-on,
 * the admin routes and logout, the redirect allow-list, and the dev mailbox page's escaping.
 */

describe.each(DIALECTS)('identity security on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const email = (name: string) => `${name}-${++seq}-${dialect}@example.com`
  const PASSWORD = 'a good password'

  const newClient = (tokens?: Tokens) =>
    createClient({
      modules: { authentication },
      auth: OAuthStrategy({ clientId: 'demo-storefront', tokens }),
      baseUrl: platform.baseUrl,
    })
  const call = (method: string, path: string, body?: object, authorization?: string) =>
    fetch(platform.baseUrl + path, {
      method,
      headers: {
        ...(body && { 'content-type': 'application/json' }),
        ...(authorization && { authorization }),
      },
      body: body && JSON.stringify(body),
    })
  const loginRaw = (address: string, password: string) =>
    call('POST', '/_api/iam/authentication/v2/login', { loginId: { email: address }, password })
  /** A new member, and the statuses of `guesses` wrong passwords for them from 127.0.0.1. */
  const guessed = async (tag: string, guesses: number) => {
    const address = email(tag)
    await newClient().auth.register({ email: address, password: PASSWORD })
    const statuses: number[] = []
    for (let attempt = 0; attempt < guesses; attempt++)
      statuses.push((await loginRaw(address, `guess ${attempt}`)).status)
    return { address, statuses }
  }
  /** A v2 login from client address `from`. */
  const loginFrom = (from: string, address: string, password: string, captchaTokens?: object[]) =>
    fetchFrom(from, `${platform.baseUrl}/_api/iam/authentication/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email: address }, password, captchaTokens }),
    })
  const captcha = async () => {
    const response = await call('POST', '/_vitrine/dev/captcha-token')
    return ((await response.json()) as { token: string }).token
  }
  const visitorToken = async () => {
    const response = await call('POST', '/oauth2/token', {
      clientId: 'demo-storefront',
      grantType: 'anonymous',
    })
    return ((await response.json()) as { access_token: string }).access_token
  }
  /** A registered member and member tokens for them (through the external login). */
  const member = async () => {
    const address = email('member')
    const client = newClient()
    const raw = await client.authentication.registerV2({ email: address }, { password: PASSWORD })
    const id = raw.identity!.id!
    const tokens = await client.auth.getMemberTokensForExternalLogin(id, platform.adminKey)
    return { address, id, tokens }
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())
  beforeEach(async () => {
    await platform.app.platform.db.kysely.deleteFrom('rate_limit_events').execute()
  })

  it('asks for a captcha after 5 failed logins of an e-mail, never locks the right password out', async () => {
    const { address, statuses } = await guessed('brute', 5)
    expect(statuses).toEqual([401, 401, 401, 401, 401])

    // Now every login of the e-mail needs a captcha, the right password too (-19971, -19970).
    const missing = await loginRaw(address, PASSWORD)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      details: { applicationError: { code: '-19971' } },
    })
    const login = (password: string, captchaTokens?: object[], from = '127.0.0.1') =>
      loginFrom(from, address, password, captchaTokens)
    const forged = await login(PASSWORD, [{ Recaptcha: 'vcap1.1.x.y' }])
    expect(await forged.json()).toMatchObject({
      details: { applicationError: { code: '-19970' } },
    })
    expect(await newClient().auth.login({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'missingCaptchaToken',
    })
    // A wrong password with a captcha is still a wrong password.
    expect((await login('still a guess', [{ Recaptcha: await captcha() }])).status).toBe(401)

    // The member, from another address, gets in with the captcha; the e-mail's failures go.
    const member = await login(PASSWORD, [{ InvisibleRecaptcha: await captcha() }], '127.0.0.2')
    expect(member.status).toBe(200)
    expect(await member.json()).toMatchObject({ state: 'SUCCESS' })
    expect((await loginRaw(address, PASSWORD)).status).toBe(200)
  })

  it('keeps an attacker’s address limit to that address: the member still gets in from theirs', async () => {
    const { address, statuses } = await guessed('target', 25)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
    const from = (localAddress: string, captchaTokens: object[]) =>
      loginFrom(localAddress, address, PASSWORD, captchaTokens)
    const attacker = await from('127.0.0.1', [{ Recaptcha: await captcha() }])
    expect(attacker.status).toBe(429)
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await from('127.0.0.3', [{ Recaptcha: await captcha() }])).status).toBe(200)
  })

  it('forgets an e-mail’s failures after a successful login', async () => {
    const address = email('forget')
    await newClient().auth.register({ email: address, password: PASSWORD })
    for (let attempt = 0; attempt < 4; attempt++) await loginRaw(address, 'wrong')
    expect((await loginRaw(address, PASSWORD)).status).toBe(200)
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await loginRaw(address, 'wrong')).status).toBe(401)
  })

  it('limits one address to 20 failures over many e-mails', async () => {
    const statuses = new Set<number>()
    for (let attempt = 0; attempt < 20; attempt++)
      statuses.add((await loginRaw(email('spray'), 'whatever')).status)
    expect([...statuses]).toEqual([401])
    const blocked = await loginRaw(email('spray'), 'whatever')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('limits verification attempts per e-mail', async () => {
    await call(
      'PATCH',
      '/_vitrine/site/settings',
      { emailVerificationRequired: true },
      platform.adminKey,
    )
    try {
      const register = await call('POST', '/_api/iam/authentication/v2/register', {
        loginId: { email: email('codes') },
        password: PASSWORD,
      })
      const { stateToken } = (await register.json()) as { stateToken: string }
      const statuses: number[] = []
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await call('POST', '/_api/iam/verification/v1/auth/verify', {
          code: 'xxxxxx',
          stateToken,
        })
        statuses.push(response.status)
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429])
    } finally {
      await call(
        'PATCH',
        '/_vitrine/site/settings',
        { emailVerificationRequired: false },
        platform.adminKey,
      )
    }
  })

  it('changes a password only for a member token', async () => {
    const { address, tokens } = await member()
    const body = { newPassword: 'a newer password' }
    expect((await call('POST', '/_api/iam/authentication/v2/change-password', body)).status).toBe(
      401,
    )
    const asVisitor = await call(
      'POST',
      '/_api/iam/authentication/v2/change-password',
      body,
      await visitorToken(),
    )
    expect(asVisitor.status).toBe(403)
    await newClient(tokens).authentication.changePassword('a newer password')
    expect((await loginRaw(address, PASSWORD)).status).toBe(401)
    expect((await loginRaw(address, 'a newer password')).status).toBe(200)
  })

  it('signs on only for an elevated caller', async () => {
    const body = { loginId: { email: email('sign-on') } }
    const path = '/_api/iam/authentication/v2/sign-on'
    expect((await call('POST', path, body, await visitorToken())).status).toBe(403)
    expect((await call('POST', path, body)).status).toBe(401)
    const combined = `${await visitorToken()},${platform.adminKey}`
    const signed = await call('POST', path, { ...body, verifyEmail: true }, combined)
    expect(signed.status).toBe(200)
    const { sessionToken, identity } = (await signed.json()) as {
      sessionToken: string
      identity: { id: string }
    }
    expect(identity).toMatchObject({
      email: { isVerified: true },
      status: { name: 'ACTIVE' },
      connections: [],
    })

    // authorized_client spends the session token with the member tokens it issues, once.
    const grant = (memberId: string) =>
      call(
        'POST',
        '/oauth2/token',
        { grant_type: 'authorized_client', member_id: memberId, session_token: sessionToken },
        combined,
      )
    const other = await member()
    expect((await grant(other.id)).status).toBe(400)
    expect((await grant(identity.id)).status).toBe(200)
    const reused = await grant(identity.id)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_GRANT' } },
    })
    const tokens = await newClient().auth.getMemberTokensForExternalLoginWithSession(
      body.loginId.email,
      platform.adminKey,
    )
    expect(tokens.refreshToken.role).toBe('member')
  })

  it('keeps the owner routes to elevated callers', async () => {
    const visitor = await visitorToken()
    const routes: [string, string][] = [
      ['GET', '/_vitrine/site/settings'],
      ['PATCH', '/_vitrine/site/settings'],
      ['GET', '/_vitrine/members'],
      ['POST', '/_vitrine/members/x/approve'],
      ['POST', '/_vitrine/members/x/block'],
      ['GET', '/_vitrine/site/idp-connections'],
    ]
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {}
      expect([path, (await call(method, path, body, visitor)).status]).toEqual([path, 403])
      expect([path, (await call(method, path, body)).status]).toEqual([path, 401])
    }
    const settings = await call('GET', '/_vitrine/site/settings', undefined, platform.adminKey)
    expect(await settings.json()).toEqual({
      emailVerificationRequired: false,
      ownerApprovalRequired: false,
      captchaRequired: false,
    })
    const unknown = await call('PATCH', '/_vitrine/site/settings', { sso: true }, platform.adminKey)
    expect(unknown.status).toBe(400)
    const missing = await call('POST', '/_vitrine/members/nobody/approve', {}, platform.adminKey)
    expect(missing.status).toBe(404)
  })

  it('logs a member out: redirect on the allow-list only, every token of theirs revoked', async () => {
    const { tokens } = await member()
    const client = newClient(tokens)
    const refused = await client.authentication
      .logout({ postLogoutRedirectUri: 'https://attacker.example/', clientId: 'demo-storefront' })
      .catch((e: unknown) => e)
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' })

    const target = 'http://localhost:5173/bye'
    const answer = await client.authentication.logout({
      postLogoutRedirectUri: target,
      clientId: 'demo-storefront',
    })
    expect(answer.statusCode).toBe(302)
    expect(answer.headers).toContainEqual({ key: 'Location', value: target })
    expect(new TextDecoder().decode(answer.body)).toContain(`href="${target}"`)

    const stale = await call(
      'POST',
      '/_api/iam/authentication/v2/change-password',
      { newPassword: 'whatever it is' },
      tokens.accessToken.value,
    )
    expect(stale.status).toBe(401)
    const refresh = await call('POST', '/oauth2/token', {
      clientId: 'demo-storefront',
      grantType: 'refresh_token',
      refreshToken: tokens.refreshToken.value,
    })
    expect(refresh.status).toBe(400)
  })

  it('validates e-mails: format, and whether one is taken', async () => {
    const { address } = await member()
    const client = newClient()
    expect(await client.authentication.validateEmail(email('free'))).toEqual({
      valid: true,
      formatInvalid: false,
    })
    expect(await client.authentication.validateEmail('nope@')).toMatchObject({
      valid: false,
      formatInvalid: true,
    })
    expect(await client.authentication.validateEmail(address.toUpperCase())).toMatchObject({
      valid: false,
      failure: { reason: 'EMAIL_ALREADY_EXISTS' },
    })
  })

  it('shows the mailbox to people as an escaped, accessible page, newest first', async () => {
    const to = email('page')
    await sendMail(platform.app.platform.db.kysely, {
      to,
      subject: 'Older',
      text: 'first',
      html: '',
      kind: 'VERIFICATION_CODE',
      code: '111111',
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sendMail(platform.app.platform.db.kysely, {
      to,
      subject: '<script>alert(1)</script>',
      text: 'a & b',
      html: '',
      kind: 'RECOVERY_LINK',
      link: 'javascript:alert(1)',
    })
    const response = await fetch(`${platform.baseUrl}/_vitrine/mailbox?to=${to}&format=html`)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]{24}'; form-action/)
    const html = await response.text()
    expect(html).toContain(`<style nonce="${/'nonce-([^']+)'/.exec(csp)![1]}">`)
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('a &amp; b')
    expect(html.indexOf('&lt;script&gt;')).toBeLessThan(html.indexOf('Older'))
    expect(html).toContain('<span class="code">111111</span>')

    const json = await fetch(`${platform.baseUrl}/_dev/mailbox?to=${to.toUpperCase()}`)
    expect(await json.json()).toEqual({
      messages: [
        {
          to,
          subject: '<script>alert(1)</script>',
          text: 'a & b',
          kind: 'RECOVERY_LINK',
          link: 'javascript:alert(1)',
          createdDate: expect.any(String),
        },
        {
          to,
          subject: 'Older',
          text: 'first',
          kind: 'VERIFICATION_CODE',
          code: '111111',
          createdDate: expect.any(String),
        },
      ],
    })
  })
})
