import { createRequire } from 'node:module'
import { createClient, OAuthStrategy } from '@vitrine/client'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { secretHash } from '../auth/secrets.js'
import { openPage } from '../test-support/chromium.js'
import { useShopInBrowser } from '../test-support/shop-browser.js'
import { MEMBER_PASSWORD, screenshotPath } from '../test-support/shop-world.js'
import { openShop, shop, waitForShop } from '../test-support/storefront-page.js'

/*
 * The hosted login page in a real browser (Debian's Chromium): a storefront page that runs the
 * client sends the shopper to the platform's login page (`prompt=login`), gets the code back on its
 * redirect URI and exchanges it; logout through the hosted logout page; and the attacks a browser
 * makes possible, each refused.
 */

/** axe-core's browser build, injected into a page to check its accessibility. */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

describe('hosted login in a browser', () => {
  const env = useShopInBrowser()
  const { visit } = env
  const db = () => env.world.platform.app.platform.db.kysely

  /** Starts a hosted login from the storefront and waits on the hosted page. */
  const toLoginPage = async (page: Page) => {
    const authUrl = await shop(page, 'startLogin', { prompt: 'login', responseMode: 'query' })
    await page.waitForURL(authUrl)
    return authUrl
  }

  /** Fills and sends the hosted page's sign-in form. */
  const submitSignIn = async (page: Page, email: string, password: string) => {
    await page.fill('#login-email', email)
    await page.fill('#login-password', password)
    await Promise.all([
      page.waitForLoadState('load'),
      page.click('form:has(#login-email) button[type=submit]'),
    ])
  }

  /** Signs in on the hosted page and lands back on the storefront's redirect URI, unexchanged. */
  const signInToCallback = async (page: Page, email: string) => {
    await toLoginPage(page)
    await Promise.all([
      page.waitForURL(`${env.world.shop.origin}/callback?**`),
      submitSignIn(page, email, MEMBER_PASSWORD),
    ])
    await waitForShop(page)
    return new URL(page.url())
  }

  /** The `authorization_code` exchanges `page` sends, with their codes. */
  const codeExchanges = (page: Page) => {
    const codes: string[] = []
    page.on('request', (request) => {
      if (!request.url().endsWith('/oauth2/token')) return
      const body = request.postDataJSON() as { grantType?: string; code?: string }
      if (body.grantType === 'authorization_code') codes.push(body.code ?? '')
    })
    return codes
  }

  const codeRow = (code: string) =>
    db()
      .selectFrom('authorization_codes')
      .select(['used_at', 'identity_id'])
      .where('token_hash', '=', secretHash(code))
      .executeTakeFirstOrThrow()

  it('signs in with prompt=login: wrong password refused on the page, then the code comes back and buys member tokens', async () => {
    const member = await env.world.newMember('hosted')
    const { page, errors } = await visit()
    const authUrl = await toLoginPage(page)
    expect(new URL(authUrl).origin).toBe(env.world.platform.baseUrl)
    expect(await page.title()).toBe('Sign in')
    await page.screenshot({ path: await screenshotPath('hosted-login'), fullPage: true })

    await submitSignIn(page, member.email, 'not the password')
    expect(page.url()).toBe(authUrl)
    expect(await page.textContent('#login-error')).toBe('The e-mail or the password is incorrect.')
    expect(await page.getAttribute('#login-email', 'aria-invalid')).toBe('true')
    expect(await page.inputValue('#login-email')).toBe(member.email)
    expect(await page.inputValue('#login-password')).toBe('')
    await page.screenshot({ path: await screenshotPath('hosted-login-error'), fullPage: true })

    const exchanged = codeExchanges(page)
    await Promise.all([
      page.waitForURL(`${env.world.shop.origin}/callback?**`),
      submitSignIn(page, member.email, MEMBER_PASSWORD),
    ])
    await waitForShop(page)
    const result = await shop(page, 'finishLogin', 'query')
    expect(result.failure).toBeUndefined()
    expect(result.loggedIn).toBe(true)
    expect(result.tokens!.refreshToken.role).toBe('member')
    expect(exchanged).toHaveLength(1)
    expect(await shop(page, 'whoami')).toEqual({
      status: 200,
      body: { id: member.id, type: 'MEMBER', via: 'accessToken' },
    })
    // The only error the page saw: the refused password's page answered 401.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
  })

  it('asks a person a question after five wrong passwords, and lets them in once answered', async () => {
    const member = await env.world.newMember('captcha')
    const { page } = await openPage(env.browser, { bypassCSP: true })
    env.contexts.push(page.context())
    await openShop(page, `${env.world.shop.origin}/`)
    await toLoginPage(page)
    for (let attempt = 0; attempt < 5; attempt++)
      await submitSignIn(page, member.email, `not the password ${attempt}`)
    expect(await page.isVisible('#login-captcha')).toBe(false)

    await submitSignIn(page, member.email, MEMBER_PASSWORD)
    expect(await page.textContent('#login-error')).toContain('Please answer the question below')
    const question = (await page.textContent('label[for=login-captcha]'))!
    const [a, b] = /What is (\d) plus (\d)\?/.exec(question)!.slice(1).map(Number)
    await page.addScriptTag({ path: AXE })
    const axe = (await page.evaluate(
      "axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })",
    )) as { violations: { id: string }[] }
    expect(axe.violations.map(({ id }) => id)).toEqual([])
    await page.screenshot({ path: await screenshotPath('hosted-login-question'), fullPage: true })

    await page.fill('#login-captcha', String(a! + b!))
    await Promise.all([
      page.waitForURL(`${env.world.shop.origin}/callback?**`),
      submitSignIn(page, member.email, MEMBER_PASSWORD),
    ])
    await waitForShop(page)
    expect(await shop(page, 'finishLogin', 'query')).toMatchObject({ loggedIn: true })
    expect((await shop(page, 'whoami')).body.id).toBe(member.id)
  })

  it('is accessible (axe) on a phone: sign in, a failed sign-in, the register panel, the code step', async () => {
    const member = await env.world.newMember('axe')
    // Only axe's own script is let past the page's CSP.
    const { page } = await openPage(env.browser, {
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
    })
    env.contexts.push(page.context())
    await openShop(page, `${env.world.shop.origin}/`)
    const authUrl = await toLoginPage(page)
    const violations = async () => {
      await page.addScriptTag({ path: AXE })
      const result = (await page.evaluate(
        "axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })",
      )) as { violations: { id: string; nodes: { target: string[] }[] }[] }
      return result.violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target)}`)
    }
    expect(await violations()).toEqual([])

    await submitSignIn(page, member.email, 'not the password')
    expect(await violations()).toEqual([])

    await page.goto(`${authUrl}#register`)
    expect(await page.isVisible('#register-email')).toBe(true)
    expect(await page.isVisible('#login-email')).toBe(false)
    expect(await violations()).toEqual([])
    await page.screenshot({ path: await screenshotPath('hosted-register-phone'), fullPage: true })

    await page.fill('#register-email', 'new-shopper@example.com')
    await page.fill('#register-password', MEMBER_PASSWORD)
    await Promise.all([
      page.waitForLoadState('load'),
      page.click('form:has(#register-email) button[type=submit]'),
    ])
    expect(await page.isVisible('#verify-code')).toBe(true)
    expect(await violations()).toEqual([])
    await page.screenshot({ path: await screenshotPath('hosted-verify-phone'), fullPage: true })
  })

  it('logs out through the logout session: platform session ended, refresh refused, back on the post-flow URL', async () => {
    const member = await env.world.newMember('logout')
    const { page, context } = await visit()
    await signInToCallback(page, member.email)
    const { tokens } = await shop(page, 'finishLogin', 'query')
    const platformCookies = () => context.cookies(`${env.world.platform.baseUrl}/_vitrine/`)
    const session = (await platformCookies()).find((cookie) => cookie.name === 'vitrine_session')
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None' })
    const refresh = () =>
      env.world.token({
        clientId: 'demo-storefront',
        grantType: 'refresh_token',
        refreshToken: tokens!.refreshToken.value,
      })
    expect((await refresh()).status).toBe(200)

    const logoutUrl = await shop(page, 'logout', '/goodbye')
    expect(new URL(logoutUrl).pathname).toBe('/_vitrine/logout')
    await page.waitForURL(`${env.world.shop.origin}/goodbye`)
    await waitForShop(page)
    expect((await platformCookies()).map((cookie) => cookie.name)).not.toContain('vitrine_session')
    expect((await refresh()).status).toBe(400)
    const probe = await fetch(`${env.world.platform.baseUrl}/_probe/whoami`, {
      headers: { authorization: tokens!.accessToken.value },
    })
    expect(probe.status).toBe(401)
    // Nothing left to sign in silently with.
    expect(await shop(page, 'silentFromCookie')).toMatchObject({
      loggedIn: false,
      error: 'login_required',
    })
  })

  it('attack: a foreign site that sends the browser to the logout page does not sign the member out', async () => {
    const member = await env.world.newMember('foreign-logout')
    const { page, context } = await visit()
    await signInToCallback(page, member.email)
    const { tokens } = await shop(page, 'finishLogin', 'query')
    const platform = env.world.platform.baseUrl
    const sessionCookie = async () =>
      (await context.cookies(`${platform}/_vitrine/`)).find(
        ({ name }) => name === 'vitrine_session',
      )
    const before = await sessionCookie()
    expect(before).toBeDefined()

    // A page of another site (the attacker's) navigates the browser, which sends the SameSite=None
    // cookie along, to the logout page: bare, and with a logout session the attacker made.
    const visitor = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth: visitor, baseUrl: platform })
    const { logoutUrl } = await visitor.logout(`${env.world.shop.origin}/planted`)
    const lands = [
      { url: `${platform}/_vitrine/logout`, at: `${platform}/_vitrine/logout` },
      { url: logoutUrl, at: `${env.world.shop.origin}/planted` },
    ]
    for (const { url, at } of lands) {
      await page.goto(`${env.world.shop.localhostOrigin}/attacker`)
      await Promise.all([
        page.waitForURL(at),
        page.evaluate(`location.assign(${JSON.stringify(url)})`),
      ])
    }

    expect((await sessionCookie())?.value).toBe(before!.value)
    const refresh = await env.world.token({
      clientId: 'demo-storefront',
      grantType: 'refresh_token',
      refreshToken: tokens!.refreshToken.value,
    })
    expect(refresh.status).toBe(200)
    await openShop(page, `${env.world.shop.origin}/`)
    expect(await shop(page, 'silentFromCookie')).toMatchObject({ loggedIn: true })
    expect((await shop(page, 'whoami')).body.id).toBe(member.id)
  })

  it('attack: a foreign login answer (login CSRF) fails the state check and is never exchanged', async () => {
    const attacker = await env.world.newMember('csrf-attacker')
    const { page: attackerPage } = await visit()
    const planted = await signInToCallback(attackerPage, attacker.email)
    const code = planted.searchParams.get('code')!

    const { page } = await visit()
    await toLoginPage(page)
    const exchanged = codeExchanges(page)
    await page.goto(planted.href)
    await waitForShop(page)
    const result = await shop(page, 'finishLogin', 'query')
    expect(result).toEqual({ loggedIn: false, failure: 'Invalid _state' })
    expect(exchanged).toEqual([])
    expect((await codeRow(code)).used_at).toBeNull()
  })

  it('attack: a code replayed by reloading the redirect URI is refused and revokes what it bought', async () => {
    const member = await env.world.newMember('replay')
    const { page } = await visit()
    await signInToCallback(page, member.email)
    const first = await shop(page, 'finishLogin', 'query')
    expect(first.loggedIn).toBe(true)

    await page.reload()
    await waitForShop(page)
    expect(await shop(page, 'finishLogin', 'query')).toEqual({
      loggedIn: false,
      failure: 'Failed to get member tokens',
    })
    const probe = await fetch(`${env.world.platform.baseUrl}/_probe/whoami`, {
      headers: { authorization: first.tokens!.accessToken.value },
    })
    expect(probe.status).toBe(401)
  })

  it('attack: a stolen code injected into another browser fails its PKCE verifier', async () => {
    const victim = await env.world.newMember('pkce-victim')
    const { page: victimPage } = await visit()
    const leaked = await signInToCallback(victimPage, victim.email)
    const code = leaked.searchParams.get('code')!

    // The thief starts a login of their own, then comes back with the victim's code and their state.
    const { page } = await visit()
    await toLoginPage(page)
    await openShop(page, `${env.world.shop.origin}/`)
    const injected = new URL(`${env.world.shop.origin}/callback`)
    injected.searchParams.set('code', code)
    injected.searchParams.set('state', (await shop(page, 'pending'))!.state!)
    await page.goto(injected.href)
    await waitForShop(page)
    expect(await shop(page, 'finishLogin', 'query')).toEqual({
      loggedIn: false,
      failure: 'Failed to get member tokens',
    })
    expect((await codeRow(code)).used_at).toBeNull()

    // The victim, who holds the verifier, still signs in with it.
    const own = await shop(victimPage, 'finishLogin', 'query')
    expect(own.loggedIn).toBe(true)
    expect((await shop(victimPage, 'whoami')).body.id).toBe(victim.id)
  })

  it('attack: a redirect URI off the allow-list gets no redirect, even for a signed-in browser', async () => {
    const member = await env.world.newMember('allow-list')
    const { page } = await visit()
    await signInToCallback(page, member.email)
    expect((await shop(page, 'finishLogin', 'query')).loggedIn).toBe(true)

    for (const prompt of ['none', 'login'] as const) {
      // A session whose redirect URI was switched to another site after it was checked.
      await page.goto(`${env.world.shop.origin}/`)
      await waitForShop(page)
      await page.route(`${env.world.platform.baseUrl}/_vitrine/authorize**`, async (route) => {
        const id = new URL(route.request().url()).searchParams.get('session')!
        const row = await db()
          .selectFrom('redirect_sessions')
          .select('request')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        await db()
          .updateTable('redirect_sessions')
          .set({
            request: row.request.replace(
              `${env.world.shop.origin}/callback`,
              `${env.evil.origin}/steal`,
            ),
          })
          .where('id', '=', id)
          .execute()
        await route.continue()
      })
      const answered = page.waitForResponse(
        (answer) => new URL(answer.url()).pathname === '/_vitrine/authorize',
      )
      const authUrl = await shop(page, 'startLogin', { prompt, responseMode: 'query' })
      const response = await answered
      await page.waitForLoadState('load')
      await page.unroute(`${env.world.platform.baseUrl}/_vitrine/authorize**`)
      expect(response.status()).toBe(400)
      expect(page.url()).toBe(authUrl)
      expect(await page.textContent('h1')).toBe('Sign-in could not continue')
      expect(await page.locator('form').count()).toBe(0)
    }
    expect(env.evil.requests).toEqual([])
  })
})
