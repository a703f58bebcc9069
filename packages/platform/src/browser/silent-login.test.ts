import type { BrowserContext, Page, Route } from 'playwright-core'
import { createClient, OAuthStrategy } from '@vitrine/client'
import { describe, expect, it } from 'vitest'
import { useShopInBrowser } from '../test-support/shop-browser.js'
import { MEMBER_PASSWORD } from '../test-support/shop-world.js'
import { html, openShop, shop, waitForShop } from '../test-support/storefront-page.js'

/*
 * Silent sign-in in a real browser: a direct login on the storefront, then
 * `getMemberTokensForDirectLogin` with its hidden frame on the authorize page (`prompt=none`,
 * `web_message`); `prompt=none` from the platform's own session cookie, same-site and cross-site;
 * and the frame attacks, each refused.
 */

/** A foreign site's page that posts a forged answer (`?state=`) to whatever window frames it. */
const FORGE = `<script>
const state = new URLSearchParams(location.search).get('state')
parent.postMessage({ code: 'forged-code', state }, '*')
parent.postMessage({ error: 'access_denied', state }, '*')
</script>`

/** A foreign site's page that frames `?src=`, records every message it receives, and `loaded`. */
const FRAMER = `<iframe id="victim"></iframe><script>
window.received = []
addEventListener('message', (event) => window.received.push(event.data))
const frame = document.getElementById('victim')
frame.addEventListener('load', () => (window.loaded = true))
frame.src = new URLSearchParams(location.search).get('src')
</script>`

describe('silent sign-in in a browser', () => {
  const env = useShopInBrowser((path) =>
    path === '/forge'
      ? html('Forged answer', FORGE)
      : path === '/frame'
        ? html('Framer', FRAMER)
        : undefined,
  )
  const { visit } = env

  /** Signs `email` in on the hosted page (top level), back on the storefront with tokens. */
  const hostedSignIn = async (page: Page, email: string) => {
    const authUrl = await shop(page, 'startLogin', { prompt: 'login', responseMode: 'query' })
    await page.waitForURL(authUrl)
    await page.fill('#login-email', email)
    await page.fill('#login-password', MEMBER_PASSWORD)
    await Promise.all([
      page.waitForURL(`${env.world.shop.origin}/callback?**`),
      page.click('form:has(#login-email) button[type=submit]'),
    ])
    await waitForShop(page)
    expect((await shop(page, 'finishLogin', 'query')).loggedIn).toBe(true)
  }

  const platformCookies = (context: BrowserContext) =>
    context.cookies(`${env.world.platform.baseUrl}/_vitrine/`)

  it('signs in from a direct login through the hidden web_message frame, same-site and cross-site', async () => {
    // 127.0.0.1:<shop> and 127.0.0.1:<platform> are one site; localhost:<shop> is another one.
    for (const origin of [env.world.shop.origin, env.world.shop.localhostOrigin]) {
      const member = await env.world.newMember('direct')
      const { page, errors } = await visit(origin)
      const result = await shop(page, 'directLogin', member.email, MEMBER_PASSWORD)
      expect(result.failure).toBeUndefined()
      expect(result.loggedIn).toBe(true)
      expect(result.tokens!.refreshToken.role).toBe('member')
      expect(await shop(page, 'frames')).toBe(0)
      expect(await shop(page, 'whoami')).toEqual({
        status: 200,
        body: { id: member.id, type: 'MEMBER', via: 'accessToken' },
      })
      expect(errors).toEqual([])
    }
  })

  it('signs in with prompt=none from the platform session cookie when the storefront is same-site', async () => {
    const member = await env.world.newMember('cookie')
    const { page, context } = await visit()
    await hostedSignIn(page, member.email)
    const session = (await platformCookies(context)).find(({ name }) => name === 'vitrine_session')
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None' })

    // A new page of the same browser has no tokens; its hidden frame signs in from the cookie.
    const again = await context.newPage()
    await openShop(again, `${env.world.shop.origin}/`)
    const silent = await shop(again, 'silentFromCookie')
    expect(silent).toMatchObject({ loggedIn: true })
    expect((await shop(again, 'whoami')).body.id).toBe(member.id)

    // The direct login's frame leaves a platform session too: a later silent sign-in works.
    const direct = await env.world.newMember('cookie-direct')
    const { page: other, context: otherContext } = await visit()
    expect((await shop(other, 'directLogin', direct.email, MEMBER_PASSWORD)).loggedIn).toBe(true)
    expect((await platformCookies(otherContext)).map((cookie) => cookie.name)).toContain(
      'vitrine_session',
    )
    const next = await otherContext.newPage()
    await openShop(next, `${env.world.shop.origin}/`)
    expect(await shop(next, 'silentFromCookie')).toMatchObject({ loggedIn: true })
    expect((await shop(next, 'whoami')).body.id).toBe(direct.id)
  })

  it('answers login_required to a cross-site frame when the browser withholds third-party cookies', async () => {
    // The cookie is SameSite=None; Secure, so a browser that allows third-party cookies sends
    // it to the frame; this Chromium's default blocks them, and the platform must then answer
    // login_required instead of signing in (the session token path above needs no cookie).
    const member = await env.world.newMember('cross-site')
    const { page, context } = await visit()
    await hostedSignIn(page, member.email)
    const elsewhere = await context.newPage()
    await openShop(elsewhere, `${env.world.shop.localhostOrigin}/`)
    expect(await shop(elsewhere, 'silentFromCookie')).toEqual({
      loggedIn: false,
      error: 'login_required',
    })
  })

  it('attack: a message from a foreign origin does not complete the silent sign-in', async () => {
    const member = await env.world.newMember('forged-message')
    const { page } = await visit()
    const exchanged: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/oauth2/token') && request.postData()?.includes('"code"'))
        exchanged.push((request.postDataJSON() as { code: string }).code)
    })
    const sessionCreated = page.waitForRequest((request) =>
      request.url().endsWith('/redirect-session'),
    )
    // Hold the hidden frame's authorize page until the forged answer was delivered.
    let held: (route: Route) => void = () => {}
    const frameAsked = new Promise<Route>((resolve) => (held = resolve))
    await page.route(`${env.world.platform.baseUrl}/_vitrine/authorize**`, (route) => held(route))

    const signingIn = shop(page, 'directLogin', member.email, MEMBER_PASSWORD)
    const state = (
      (await sessionCreated).postDataJSON() as { auth: { authRequest: { state: string } } }
    ).auth.authRequest.state
    const route = await frameAsked
    await shop(page, 'embed', `${env.evil.origin}/forge?state=${encodeURIComponent(state)}`)
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { shop: { messages(): { data: { state?: string } }[] } }).shop
          .messages()
          .filter((message) => message.data?.state !== undefined).length >= 2,
    )
    const forged = (await shop(page, 'messages')).filter((message) => message.data.state === state)
    expect(forged).toEqual([
      { origin: env.evil.origin, data: { code: 'forged-code', state } },
      { origin: env.evil.origin, data: { error: 'access_denied', state } },
    ])
    expect(exchanged).toEqual([])

    await route.continue()
    const result = await signingIn
    expect(result.failure).toBeUndefined()
    expect(result.loggedIn).toBe(true)
    expect(exchanged).toHaveLength(1)
    expect(exchanged[0]).not.toBe('forged-code')
    expect((await shop(page, 'whoami')).body.id).toBe(member.id)
  })

  it('attack: a foreign site cannot frame the web_message page; nobody can frame the hosted login page', async () => {
    const member = await env.world.newMember('framed')
    const { page, errors } = await visit()
    await hostedSignIn(page, member.email)
    errors.length = 0
    /** The attacker's own flow for the storefront's client (its redirect URI is allowed). */
    const attackerUrl = async (prompt: 'none' | 'login') => {
      const auth = OAuthStrategy({ clientId: 'demo-storefront' })
      createClient({ modules: {}, auth, baseUrl: env.world.platform.baseUrl })
      const oauthData = await auth.generateOAuthData(env.world.shop.origin)
      return (await auth.getAuthUrl(oauthData, { prompt, responseMode: 'web_message' })).authUrl
    }
    const childFrames = () => page.frames().filter((frame) => frame !== page.mainFrame())
    const BLOCKED = 'chrome-error://chromewebdata/'

    // The foreign page is same-site with the platform (127.0.0.1), so the signed-in browser's
    // cookie goes along: only frame-ancestors keeps the answer from rendering there.
    for (const prompt of ['none', 'login'] as const) {
      const src = await attackerUrl(prompt)
      await page.goto(`${env.evil.origin}/frame?src=${encodeURIComponent(src)}`)
      await page.waitForFunction('window.loaded === true')
      expect(childFrames().map((frame) => frame.url())).toEqual([BLOCKED])
      expect(await page.evaluate('window.received')).toEqual([])
    }
    // The storefront itself, though allowed to frame the web_message page, cannot frame the login.
    await openShop(page, `${env.world.shop.origin}/`)
    await shop(page, 'embed', await attackerUrl('login'))
    expect(childFrames().map((frame) => frame.url())).toEqual([BLOCKED])
    expect(errors.map((error) => error.trim())).toEqual([
      `Framing '${env.world.platform.baseUrl}/' violates the following Content Security Policy directive: "frame-ancestors ${env.world.shop.origin}". The request has been blocked.`,
      `Framing '${env.world.platform.baseUrl}/' violates the following Content Security Policy directive: "frame-ancestors 'none'". The request has been blocked.`,
      `Framing '${env.world.platform.baseUrl}/' violates the following Content Security Policy directive: "frame-ancestors 'none'". The request has been blocked.`,
    ])
  })
})
