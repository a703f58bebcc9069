// @vitest-environment node
import { OAuthStrategy } from '@vitrine/client'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogClient } from '../../platform/src/test-support/catalog.js'
import { launchChromium } from '../../platform/src/test-support/chromium.js'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import { bundleScenarios, openShopper, serveShop } from './test-support/browser-shop.js'
import { startShop } from './test-support/shop.js'

/*
 * The member hooks in Chromium, on a page of a local shop origin: a login completes with member tokens from
 * the hidden frame (happy-dom's postMessage reports the wrong origin and source, so the client
 * rightly ignores the frame's answer there), and tabs share the session through localStorage.
 */

const PASSWORD = 'correct horse 1'
let platform: TestPlatform
let browser: Browser
let shop: Awaited<ReturnType<typeof serveShop>>
let productId: string
let seq = 0
const email = (tag: string) => `react-${tag}-${++seq}@example.com`

beforeAll(async () => {
  ;[shop, browser] = await Promise.all([bundleScenarios().then(serveShop), launchChromium()])
  platform = await startShop(shop.origin)
  const catalog = catalogClient(platform.baseUrl, OAuthStrategy({ clientId: 'demo-storefront' }))
  const page = await catalog.products.queryProducts().eq('slug', 'pour-over-coffee-set').find()
  productId = page.items[0]!.id
})
afterAll(async () => {
  await browser?.close()
  await platform?.close()
  await shop?.close()
})

/** A new shopper (own browser context) on the shop's home page, hooks mounted. */
async function shopper() {
  const shopper = await openShopper(browser)
  await shopper.first.page.goto(`${shop.origin}/`)
  await shopper.first.run('open', platform.baseUrl)
  return shopper
}

describe('members in a real browser', () => {
  it('registers, verifies the mailed code, shows the member, and keeps the visitor’s cart', async () => {
    const visit = await shopper()
    const tab = visit.first
    expect(await tab.run('snapshot')).toEqual({
      member: { status: 'visitor', loggedIn: false },
      cart: null,
    })
    await tab.run('addToCart', productId, 2)

    const address = email('join')
    const registered = await tab.run('register', address, PASSWORD)
    expect(registered.result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED')
    expect(registered.member.status).toBe('visitor')

    const verified = await tab.run('verify', address, { wrong: true })
    expect(verified.refused).toBe('The verification code is not correct')
    expect(verified.result.loginState).toBe('SUCCESS')
    expect(verified.member).toEqual({
      status: 'member',
      loggedIn: true,
      member: { email: address, profile: { firstName: 'Ada' } },
    })
    // The platform merged the visitor's cart into the member's; the hooks refetched it.
    expect(verified.cart).toEqual([{ productId, quantity: 2 }])
    expect(tab.errors()).toEqual([])
    await visit.context.close()
  })

  it('logs in, refuses a wrong password in words, logs out to a visitor, and logs in again', async () => {
    const address = email('again')
    const signup = await shopper()
    await signup.first.run('register', address, PASSWORD)
    await signup.first.run('verify', address)
    await signup.first.run('addToCart', productId, 1)
    await signup.context.close()

    const visit = await shopper()
    const tab = visit.first
    const wrong = await tab.run('login', address, 'not the password')
    expect(wrong.result).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' })
    expect(wrong.message).toBe('The e-mail or the password is incorrect.')
    expect(wrong.member.status).toBe('visitor')

    const right = await tab.run('login', address, PASSWORD)
    expect(right.result.loginState).toBe('SUCCESS')
    expect(right.member).toMatchObject({ status: 'member', member: { email: address } })
    expect(right.cart).toEqual([{ productId, quantity: 1 }])

    const out = await tab.run('logout', `${shop.origin}/`)
    expect(out.logoutUrl.startsWith(`${platform.baseUrl}/`)).toBe(true)
    expect(out.member).toEqual({ status: 'visitor', loggedIn: false })
    expect(out.cart).toBeNull()

    const back = await tab.run('login', address, PASSWORD)
    expect(back.cart).toEqual([{ productId, quantity: 1 }])
    expect(tab.errors()).toEqual([])
    await visit.context.close()
  })

  it('shares a login and a logout with the shopper’s other tabs', async () => {
    const address = email('tabs')
    const visit = await shopper()
    const other = await visit.newTab()
    await other.page.goto(`${shop.origin}/account`)
    await other.run('open', platform.baseUrl)
    expect((await other.run('snapshot')).member.status).toBe('visitor')

    await visit.first.run('register', address, PASSWORD)
    await visit.first.run('verify', address)
    await expect
      .poll(async () => (await other.run('snapshot')).member, { timeout: 15_000 })
      .toEqual({
        status: 'member',
        loggedIn: true,
        member: { email: address, profile: { firstName: 'Ada' } },
      })

    await visit.first.run('logout', `${shop.origin}/`)
    await expect
      .poll(async () => (await other.run('snapshot')).member.status, { timeout: 15_000 })
      .toBe('visitor')
    expect([...visit.first.errors(), ...other.errors()]).toEqual([])
    await visit.context.close()
  })

  it('logs in through the hosted login page and back', async () => {
    const address = email('hosted')
    const signup = await shopper()
    await signup.first.run('register', address, PASSWORD)
    await signup.first.run('verify', address)
    await signup.context.close()

    const visit = await shopper()
    const { page } = visit.first
    await page.goto(`${shop.origin}/products?page=2`)
    await visit.first.run('open', platform.baseUrl)
    await Promise.all([
      page.waitForURL(`${platform.baseUrl}/**`),
      visit.first.run('hostedStart', `${shop.origin}/login/callback`),
    ])
    await page.getByLabel('E-mail').first().fill(address)
    await page.getByLabel('Password').first().fill(PASSWORD)
    await Promise.all([
      page.waitForURL(`${shop.origin}/login/callback**`),
      page
        .getByRole('button', { name: /log in|sign in/i })
        .first()
        .click(),
    ])
    await visit.first.run('open', platform.baseUrl)
    const done = await visit.first.run('hostedComplete')
    expect(done.originalUri).toBe(`${shop.origin}/products?page=2`)
    expect(done.member).toEqual({ status: 'member', loggedIn: true })
    await visit.context.close()
  })
})
