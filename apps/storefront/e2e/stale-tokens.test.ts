import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staleTokensCookie } from './shopper-http'
import { launchChromium, openShop, stack } from './support'

/*
 * A shopper whose cookie holds tokens the platform no longer knows (revoked, expired and swept, a
 * database reset, or made up): the shop's server and the browser's client start a new visitor.
 * Never a 500.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

const shop = (path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${stack().shopUrl}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { cookie, ...init.headers },
  })

/** The tokens a `Set-Cookie` of the shop holds, or none. */
const tokensIn = (setCookie: string | null) => /^vitrine-tokens=([^;]+)/.exec(setCookie ?? '')?.[1]

describe('stale tokens in the shopper’s cookie', () => {
  it.each(['visitor', 'member'] as const)(
    'render every page for a %s whose tokens the platform does not know, as a new visitor',
    async (role) => {
      const cookie = staleTokensCookie(role)
      for (const path of ['/', '/shop', '/products/dot-grid-notebook', '/cart', '/login']) {
        const answer = await shop(path, cookie)
        expect(answer.status, path).toBe(200)
      }
      // The cart's page asks the platform with the tokens: refused, it starts over.
      const cart = await shop('/cart', cookie)
      expect(cart.status).toBe(200)
      const renewed = tokensIn(cart.headers.get('set-cookie'))
      expect(renewed).toBeDefined()
      expect(renewed).not.toBe(cookie.slice('vitrine-tokens='.length))
      expect(JSON.parse(decodeURIComponent(renewed!))).toMatchObject({
        refreshToken: { role: 'visitor' },
      })

      // A member's page sends them to log in; an order they do not have is not found.
      const account = await shop('/account', cookie)
      expect(account.status).toBe(302)
      expect(account.headers.get('location')).toBe('/login')
      expect((await shop('/thank-you?orderId=nope', cookie)).status).toBe(404)

      // Adding to the cart without JavaScript works, in a new visitor's cart.
      const added = await shop('/products/dot-grid-notebook', cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'quantity=1',
      })
      expect(added.status).toBe(303)
      expect(added.headers.get('location')).toBe('/cart')
      expect(tokensIn(added.headers.get('set-cookie'))).toBeDefined()
    },
  )

  it('lets the browser’s client start over too: the cart page, then adding to the cart', async () => {
    const { context, page, problems } = await openShop(browser)
    const [name, value] = staleTokensCookie('visitor').split('=') as [string, string]
    await context.addCookies([{ name, value, url: stack().shopUrl }])
    await page.goto('/products/dot-grid-notebook')
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .waitFor()
    await page.locator('.buy-box').getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    await page.goto('/cart')
    await page.locator('.cart-line', { hasText: 'Dot-Grid Notebook' }).waitFor()
    const cookies = await context.cookies(stack().shopUrl)
    expect(cookies.find((cookie) => cookie.name === name)?.value).not.toBe(value)
    // Only the refusals of the stale tokens failed: a call with the access token (401), then the
    // renewal with the refresh token (400 invalid_grant). Nothing else.
    const refusal = /^(401 |400 POST .*\/oauth2\/token$)/
    expect(problems().filter((problem) => !refusal.test(problem))).toEqual([])
    await context.close()
  })
})
