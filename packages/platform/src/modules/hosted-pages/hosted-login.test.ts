import { createClient, OAuthStrategy } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hiddenValue, TestBrowser } from '../../test-support/browser.js'
import { memberIdentityId } from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { registerProbes } from '../../test-support/probes.js'

/*
 * The hosted login page of `prompt=login` through real HTTP, with cookies kept by hand: the form,
 * wrong and right passwords, CSRF, registration with the mailed code, forgot password, the
 * platform session cookie behind a silent `prompt=none`, and the logout page.
 */

const STOREFRONT = 'http://localhost:5173'
const REDIRECT = `${STOREFRONT}/callback`
const PASSWORD = 'correct horse 1'

interface Mail {
  to: string
  kind: string
  code?: string
  link?: string
}

describe.each(DIALECTS)('hosted login and logout pages on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const db = () => platform.app.platform.db.kysely
  const email = (tag: string) => `hosted-${tag}-${++seq}-${dialect}@example.com`
  const strategy = (clientId = 'demo-storefront') => {
    const auth = OAuthStrategy({ clientId })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    return auth
  }
  const mailbox = async (to: string): Promise<Mail[]> => {
    const response = await fetch(`${platform.baseUrl}/_dev/mailbox?to=${encodeURIComponent(to)}`)
    return ((await response.json()) as { messages: Mail[] }).messages
  }
  const whoami = async (accessToken: string) =>
    (await (
      await fetch(`${platform.baseUrl}/_probe/whoami`, { headers: { authorization: accessToken } })
    ).json()) as { id: string; type: string }
  const codeCount = async () =>
    Number(
      (
        await db()
          .selectFrom('authorization_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  /** An ACTIVE member registered and verified through the API. */
  const activeMember = async () => {
    const address = email('member')
    const auth = strategy()
    const registered = await auth.register({ email: address, password: PASSWORD })
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    const [mail] = await mailbox(address)
    const verified = await auth.processVerification({ code: mail!.code! })
    expect(verified.loginState).toBe('SUCCESS')
    return { address, id: await memberIdentityId(db(), address) }
  }

  /** Opens the authorize URL of a new flow in `browser`. */
  const open = async (
    browser: TestBrowser,
    options: { prompt?: 'login' | 'none'; mode?: 'query' | 'fragment' | 'web_message' } = {},
  ) => {
    const auth = strategy()
    const oauthData = await auth.generateOAuthData(REDIRECT)
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: options.prompt ?? 'login',
      responseMode: options.mode ?? 'query',
    })
    const response = await browser.fetch(authUrl)
    return { auth, oauthData, authUrl, response }
  }

  /** Posts form `form` of the login page `html` (opened at `authUrl`) with `fields`. */
  const submit = (
    browser: TestBrowser,
    authUrl: string,
    html: string,
    form: string,
    fields: Record<string, string>,
  ) => browser.post(authUrl, { csrf: hiddenValue(html, 'csrf'), form, ...fields })

  /** Signs `address` in on a new login page and answers the redirect's parsed parameters. */
  const signIn = async (browser: TestBrowser, address: string) => {
    const flow = await open(browser)
    const response = await submit(browser, flow.authUrl, await flow.response.text(), 'login', {
      email: address,
      password: PASSWORD,
    })
    expect(response.status).toBe(302)
    const location = response.headers.get('location')!
    expect(location.startsWith(`${REDIRECT}?`)).toBe(true)
    return { ...flow, ...flow.auth.parseFromUrl(location, 'query') }
  }

  beforeAll(async () => {
    platform = await startPlatform(dialect, {}, registerProbes)
    const response = await fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
      method: 'PATCH',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ emailVerificationRequired: true, captchaRequired: false }),
    })
    expect(response.status).toBe(200)
  })
  afterAll(() => platform.close())

  it('renders an accessible login form with a CSRF cookie and strict security headers', async () => {
    const browser = new TestBrowser()
    const { response } = await open(browser)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toMatch(/default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]{24}'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain(`form-action 'self' ${STOREFRONT}`)
    const html = await response.text()
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!
    expect(html).toContain(`<style nonce="${nonce}">`)
    expect(html).not.toContain('<script')
    for (const id of ['login-email', 'login-password', 'register-email', 'forgot-email'])
      expect(html).toMatch(new RegExp(`<label for="${id}">[^<]+</label><input id="${id}"`))
    expect(html).toMatch(/id="login-email"[^>]*autofocus/)
    const csrf = browser.cookies.get('vitrine_csrf')!
    expect(csrf.attributes).toMatch(/HttpOnly/)
    expect(csrf.attributes).toMatch(/SameSite=Lax/)
    expect(csrf.attributes).not.toMatch(/Secure/)
    expect(hiddenValue(html, 'csrf')).not.toBe(csrf.value)
  })

  it('refuses a wrong password with a message and no code; the right one redirects with a code that buys member tokens', async () => {
    const { address, id } = await activeMember()
    const browser = new TestBrowser()
    const flow = await open(browser)
    const html = await flow.response.text()
    const before = await codeCount()
    const wrong = await submit(browser, flow.authUrl, html, 'login', {
      email: address,
      password: 'not the password',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('location')).toBeNull()
    const page = await wrong.text()
    expect(page).toContain('role="alert">The e-mail or the password is incorrect.</p>')
    expect(page).toMatch(/id="login-email"[^>]*aria-invalid="true" aria-describedby="login-error"/)
    expect(page).not.toContain('not the password')
    expect(await codeCount()).toBe(before)
    expect(browser.cookies.has('vitrine_session')).toBe(false)

    const right = await submit(browser, flow.authUrl, page, 'login', {
      email: address,
      password: PASSWORD,
    })
    expect(right.status).toBe(302)
    const returned = flow.auth.parseFromUrl(right.headers.get('location')!, 'query')
    expect(returned.state).toBe(flow.oauthData.state)
    const tokens = await flow.auth.getMemberTokens(returned.code, returned.state, flow.oauthData)
    expect(tokens.refreshToken.role).toBe('member')
    expect(await whoami(tokens.accessToken.value)).toMatchObject({ id, type: 'MEMBER' })
    const session = browser.cookies.get('vitrine_session')!
    expect(session.attributes).toMatch(/HttpOnly/)
    // Cross-site (the storefront frames the silent sign-in): SameSite=None, so Secure; a loopback
    // host counts as secure for browsers even over http.
    expect(session.attributes).toMatch(/SameSite=None/)
    expect(session.attributes).toMatch(/Secure/)
    const stored = await db().selectFrom('platform_sessions').selectAll().execute()
    expect(stored.some((row) => row.token_hash === session.value)).toBe(false)
    expect(stored.some((row) => row.identity_id === id)).toBe(true)
  })

  it('asks a question after 5 wrong passwords of an e-mail: a person who answers it gets in', async () => {
    const { address } = await activeMember()
    const browser = new TestBrowser()
    const flow = await open(browser)
    let html = await flow.response.text()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await submit(browser, flow.authUrl, html, 'login', {
        email: address,
        password: `wrong ${attempt}`,
      })
      statuses.push(response.status)
      html = await response.text()
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    expect(html).not.toContain('name="challenge"')

    const login = (page: string, fields: Record<string, string> = {}) =>
      submit(browser, flow.authUrl, page, 'login', {
        email: address,
        password: PASSWORD,
        ...fields,
      })
    const question = (page: string) => {
      const match = /<label for="login-captcha">What is (\d) plus (\d)\?<\/label>/.exec(page)
      expect(match).not.toBeNull()
      return {
        challenge: hiddenValue(page, 'challenge'),
        sum: Number(match![1]) + Number(match![2]),
      }
    }
    const asked = await login(html)
    expect(asked.status).toBe(400)
    expect(asked.headers.get('location')).toBeNull()
    html = await asked.text()
    expect(html).toContain('Please answer the question below, to show you are a person')
    const first = question(html)

    const wrong = await login(html, { challenge: first.challenge, captcha: String(first.sum + 1) })
    expect(wrong.status).toBe(400)
    html = await wrong.text()
    expect(html).toContain('That answer was not right')
    const second = question(html)
    expect(second.challenge).not.toBe(first.challenge)
    // An answered question cannot be answered again.
    const replayed = await login(html, { challenge: first.challenge, captcha: String(first.sum) })
    expect(replayed.status).toBe(400)

    const right = await login(await replayed.text(), {
      challenge: second.challenge,
      captcha: ` ${second.sum} `,
    })
    expect(right.status).toBe(302)
    expect(right.headers.get('location')!.startsWith(`${REDIRECT}?code=`)).toBe(true)
  })

  it('asks the question first on a site that always requires a captcha, then registers', async () => {
    const settings = (captchaRequired: boolean) =>
      fetch(`${platform.baseUrl}/_vitrine/site/settings`, {
        method: 'PATCH',
        headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ captchaRequired }),
      })
    expect((await settings(true)).status).toBe(200)
    try {
      const address = email('captcha-register')
      const browser = new TestBrowser()
      const flow = await open(browser)
      const fields = { email: address, password: PASSWORD }
      const asked = await submit(
        browser,
        flow.authUrl,
        await flow.response.text(),
        'register',
        fields,
      )
      expect(asked.status).toBe(400)
      const html = await asked.text()
      const [, a, b] = /<label for="register-captcha">What is (\d) plus (\d)\?/.exec(html)!
      const registered = await submit(browser, flow.authUrl, html, 'register', {
        ...fields,
        challenge: hiddenValue(html, 'challenge'),
        captcha: String(Number(a) + Number(b)),
      })
      expect(registered.status).toBe(200)
      expect(await registered.text()).toContain('id="verify-code"')
      expect(await mailbox(address)).toHaveLength(1)
    } finally {
      expect((await settings(false)).status).toBe(200)
    }
  })

  it('answers 403 to a post without the CSRF token, with a wrong one, or without the cookie', async () => {
    const { address } = await activeMember()
    const browser = new TestBrowser()
    const flow = await open(browser)
    const html = await flow.response.text()
    const fields = { form: 'login', email: address, password: PASSWORD }
    const before = await codeCount()
    const missing = await browser.post(flow.authUrl, fields)
    const wrong = await browser.post(flow.authUrl, { ...fields, csrf: 'x'.repeat(43) })
    const noCookie = await new TestBrowser().post(flow.authUrl, {
      ...fields,
      csrf: hiddenValue(html, 'csrf'),
    })
    const other = await open(browser)
    const otherFlow = await browser.post(other.authUrl, {
      ...fields,
      csrf: hiddenValue(html, 'csrf'),
    })
    for (const response of [missing, wrong, noCookie, otherFlow]) {
      expect(response.status).toBe(403)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.text()).toContain('This form could not be verified')
    }
    expect(await codeCount()).toBe(before)
  })

  it('registers, takes the mailed code through the form, and issues a code', async () => {
    const address = email('register')
    const browser = new TestBrowser()
    const flow = await open(browser)
    const registered = await submit(browser, flow.authUrl, await flow.response.text(), 'register', {
      email: address,
      password: PASSWORD,
    })
    expect(registered.status).toBe(200)
    const verifyPage = await registered.text()
    expect(verifyPage).toMatch(/<label for="verify-code">[^<]+<\/label><input id="verify-code"/)
    const [mail] = await mailbox(address)
    expect(mail!.code).toMatch(/^\d{6}$/)
    const stateToken = hiddenValue(verifyPage, 'stateToken')
    const wrongCode = String((Number(mail!.code) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await submit(browser, flow.authUrl, verifyPage, 'verify', {
      stateToken,
      code: wrongCode,
    })
    expect(wrong.status).toBe(400)
    const retry = await wrong.text()
    expect(retry).toContain('That code is not correct. 4 attempt(s) left.')
    const verified = await submit(browser, flow.authUrl, retry, 'verify', {
      stateToken: hiddenValue(retry, 'stateToken'),
      code: mail!.code!,
    })
    expect(verified.status).toBe(302)
    const returned = flow.auth.parseFromUrl(verified.headers.get('location')!, 'query')
    expect(returned.code).toEqual(expect.any(String))
    const tokens = await flow.auth.getMemberTokens(returned.code, returned.state, flow.oauthData)
    expect((await whoami(tokens.accessToken.value)).type).toBe('MEMBER')
  })

  it('shows the existing-e-mail message when registering a taken e-mail', async () => {
    const { address } = await activeMember()
    const browser = new TestBrowser()
    const flow = await open(browser)
    const taken = await submit(browser, flow.authUrl, await flow.response.text(), 'register', {
      email: address,
      password: PASSWORD,
    })
    expect(taken.status).toBe(409)
    expect(await taken.text()).toContain('An account with this e-mail already exists.')
  })

  it('sends the recovery e-mail from "forgot password", saying the same for an unknown e-mail', async () => {
    const { address } = await activeMember()
    const browser = new TestBrowser()
    const flow = await open(browser)
    const html = await flow.response.text()
    const sent = await submit(browser, flow.authUrl, html, 'forgot', { email: address })
    expect(sent.status).toBe(200)
    const notice = 'If an account exists for this e-mail, we sent it a link to reset the password.'
    expect(await sent.text()).toContain(notice)
    const mails = await mailbox(address)
    expect(mails[0]).toMatchObject({
      kind: 'RECOVERY_LINK',
      link: expect.stringContaining('recoveryToken='),
    })
    // The platform's page links back to the site the shopper came from.
    expect(new URL(mails[0]!.link!).searchParams.get('site')).toBe(STOREFRONT)
    const unknown = email('nobody')
    const none = await submit(browser, flow.authUrl, html, 'forgot', { email: unknown })
    expect(await none.text()).toContain(notice)
    expect(await mailbox(unknown)).toEqual([])
    const invalid = await submit(browser, flow.authUrl, html, 'forgot', { email: 'not-an-email' })
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain('Enter a valid e-mail address')
  })

  it('lets prompt=none without a session token sign in from the platform session cookie only', async () => {
    const { address, id } = await activeMember()
    const browser = new TestBrowser()
    await signIn(browser, address)
    for (const mode of ['query', 'fragment'] as const) {
      const silent = await open(browser, { prompt: 'none', mode })
      expect(silent.response.status).toBe(302)
      const returned = silent.auth.parseFromUrl(silent.response.headers.get('location')!, mode)
      expect(returned.error).toBeUndefined()
      const tokens = await silent.auth.getMemberTokens(
        returned.code,
        returned.state,
        silent.oauthData,
      )
      expect((await whoami(tokens.accessToken.value)).id).toBe(id)
    }
    const stranger = await open(new TestBrowser(), { prompt: 'none' })
    const refused = stranger.auth.parseFromUrl(stranger.response.headers.get('location')!, 'query')
    expect(refused).toMatchObject({ error: 'login_required', code: undefined })
    const forged = new TestBrowser()
    forged.cookies.set('vitrine_session', { value: 'forged-session-value', attributes: '' })
    const forgedFlow = await open(forged, { prompt: 'none' })
    expect(
      forgedFlow.auth.parseFromUrl(forgedFlow.response.headers.get('location')!, 'query').error,
    ).toBe('login_required')
  })

  it('logs out: revokes the platform session and refresh tokens, then redirects to the allowed post-flow URL', async () => {
    const { address } = await activeMember()
    const browser = new TestBrowser()
    const flow = await signIn(browser, address)
    const tokens = await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
    await expect(flow.auth.renewToken(tokens.refreshToken)).resolves.toBeDefined()
    const cookie = browser.cookies.get('vitrine_session')!.value

    const { logoutUrl } = await flow.auth.logout(`${STOREFRONT}/account`)
    const out = await browser.fetch(logoutUrl)
    expect(out.status).toBe(302)
    expect(out.headers.get('location')).toBe(`${STOREFRONT}/account`)
    expect(browser.cookies.has('vitrine_session')).toBe(false)
    await expect(flow.auth.renewToken(tokens.refreshToken)).rejects.toThrow()
    const probe = await fetch(`${platform.baseUrl}/_probe/whoami`, {
      headers: { authorization: tokens.accessToken.value },
    })
    expect(probe.status).toBe(401)

    // The revoked session no longer signs in silently, even when its cookie is replayed.
    const replayed = new TestBrowser()
    replayed.cookies.set('vitrine_session', { value: cookie, attributes: '' })
    const silent = await open(replayed, { prompt: 'none' })
    expect(silent.auth.parseFromUrl(silent.response.headers.get('location')!, 'query').error).toBe(
      'login_required',
    )
  })

  it('does not sign out on a foreign page’s request: the cookie alone, or another caller’s logout session', async () => {
    const { address, id } = await activeMember()
    const browser = new TestBrowser()
    const flow = await signIn(browser, address)
    const tokens = await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
    const cookie = browser.cookies.get('vitrine_session')!.value
    // What a foreign page makes the browser send: the SameSite=None cookie, nothing else of ours.
    const foreign = {
      headers: { referer: 'https://attacker.example/', 'sec-fetch-site': 'cross-site' },
    }
    const bare = await browser.fetch(`${platform.baseUrl}/_vitrine/logout`, foreign)
    expect(bare.status).toBe(400)
    expect(await bare.text()).toContain('This sign-out link is unknown or has expired.')
    // Logout sessions the attacker made: as a visitor, and as a member of their own.
    const planted = [(await strategy().logout(`${STOREFRONT}/account`)).logoutUrl]
    const attacker = await activeMember()
    const own = strategy()
    const attackerTokens = await own.getMemberTokensForExternalLogin(attacker.id, platform.adminKey)
    own.setTokens(attackerTokens)
    planted.push((await own.logout(`${STOREFRONT}/account`)).logoutUrl)
    for (const logoutUrl of planted)
      expect((await browser.fetch(logoutUrl, foreign)).headers.get('location')).toBe(
        `${STOREFRONT}/account`,
      )

    // The member is still signed in: the cookie signs in silently, the tokens work.
    expect(browser.cookies.get('vitrine_session')?.value).toBe(cookie)
    const silent = await open(browser, { prompt: 'none' })
    const returned = silent.auth.parseFromUrl(silent.response.headers.get('location')!, 'query')
    expect(returned.error).toBeUndefined()
    await expect(flow.auth.renewToken(tokens.refreshToken)).resolves.toBeDefined()
    expect((await whoami(tokens.accessToken.value)).id).toBe(id)
    // Only the attacker who asked for it was signed out.
    await expect(own.renewToken(attackerTokens.refreshToken)).rejects.toThrow()
  })

  it('logs out the member who asked for it even without a platform session cookie (direct login)', async () => {
    const { address, id } = await activeMember()
    const auth = strategy()
    const login = await auth.login({ email: address, password: PASSWORD })
    const oauthData = await auth.generateOAuthData(REDIRECT)
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken: login.data!.sessionToken,
    })
    const answer = await fetch(authUrl, { redirect: 'manual' })
    const { code, state } = auth.parseFromUrl(answer.headers.get('location')!, 'query')
    const tokens = await auth.getMemberTokens(code, state, oauthData)
    expect((await whoami(tokens.accessToken.value)).id).toBe(id)
    const bystander = await activeMember()
    const bystanderFlow = await signIn(new TestBrowser(), bystander.address)
    const kept = await bystanderFlow.auth.getMemberTokens(
      bystanderFlow.code,
      bystanderFlow.state,
      bystanderFlow.oauthData,
    )

    const { logoutUrl } = await auth.logout(`${STOREFRONT}/account`)
    const out = await new TestBrowser().fetch(logoutUrl)
    expect(out.status).toBe(302)
    expect(out.headers.get('location')).toBe(`${STOREFRONT}/account`)
    await expect(auth.renewToken(tokens.refreshToken)).rejects.toThrow()
    const signedIn = await db()
      .selectFrom('platform_sessions')
      .select('id')
      .where('identity_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute()
    expect(signedIn).toEqual([])
    // Nobody else is signed out.
    await expect(bystanderFlow.auth.renewToken(kept.refreshToken)).resolves.toBeDefined()
  })

  it('shows a page instead of redirecting when the post-flow URL left the allow-list', async () => {
    const { address, id } = await activeMember()
    await db()
      .insertInto('oauth_clients')
      .values({ id: `shop-${dialect}`, name: 'Shop', created_date: new Date().toISOString() })
      .execute()
    await db()
      .insertInto('oauth_client_origins')
      .values({ client_id: `shop-${dialect}`, origin: 'http://shop.test' })
      .execute()
    const browser = new TestBrowser()
    const flow = await signIn(browser, address)
    const tokens = await flow.auth.getMemberTokens(flow.code, flow.state, flow.oauthData)
    // The member, signed in to the other shop too, signs out there.
    const shop = strategy(`shop-${dialect}`)
    shop.setTokens(await shop.getMemberTokensForExternalLogin(id, platform.adminKey))
    const { logoutUrl } = await shop.logout('http://shop.test/bye')
    await db()
      .deleteFrom('oauth_client_origins')
      .where('client_id', '=', `shop-${dialect}`)
      .execute()
    const out = await browser.fetch(logoutUrl)
    expect(out.status).toBe(200)
    expect(out.headers.get('location')).toBeNull()
    expect(await out.text()).toContain('You are signed out.')
    await expect(flow.auth.renewToken(tokens.refreshToken)).rejects.toThrow()

    const unknown = await new TestBrowser().fetch(
      `${platform.baseUrl}/_vitrine/logout?session=nope`,
    )
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('location')).toBeNull()
  })
})
