import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, launchChromium, stack } from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

interface Tokens {
  accessToken: { value: string; expiresAt: number }
  refreshToken: { value: string; role: string }
}

/** The tokens cookie of `context`, read as the shop's server and the browser's client read it. */
async function tokensOf(context: BrowserContext): Promise<Tokens | undefined> {
  const cookie = (await context.cookies()).find((item) => item.name === 'vitrine-tokens')
  return cookie && (JSON.parse(decodeURIComponent(cookie.value)) as Tokens)
}

/** The header's cart button with one item, once the page's script runs. */
const cartButtonOf = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })

/** A shopper whose requests to the platform's token endpoint and every request URL are kept. */
async function shopper() {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: stack().shopUrl })
  const page = await context.newPage()
  const tokenCalls: string[] = []
  const urls: string[] = []
  context.on('request', (request) => {
    urls.push(request.url())
    if (new URL(request.url()).pathname === '/oauth2/token') tokenCalls.push(request.url())
  })
  return { context, page, tokenCalls, urls }
}

describe('one visitor on the server and in the browser', () => {
  it('the server renders the cart the browser filled, renews its tokens once for both, and never shows them', async () => {
    const { context, page, tokenCalls, urls } = await shopper()
    await page.goto('/products/pour-over-coffee-set')
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' }).waitFor()
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    const tokens = (await tokensOf(context))!
    expect(tokens.refreshToken.role).toBe('visitor')
    // The browser got its visitor once, however many calls needed one.
    expect(tokenCalls).toHaveLength(1)

    // The server's own render of the cart (no script) has the browser's line.
    const html = await (await context.request.get('/cart')).text()
    expect(html).toContain('Pour-Over Coffee Set')

    // The access token has expired: the server renews it for the cart page and sends it back;
    // the browser then uses that one instead of renewing again.
    const cookie = (await context.cookies()).find((item) => item.name === 'vitrine-tokens')!
    const expired = { ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 1 } }
    await context.addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify(expired)) }])
    tokenCalls.length = 0
    const answer = await page.goto('/cart')
    expect(await answer?.headerValue('set-cookie')).toMatch(/^vitrine-tokens=/)
    await page.getByRole('link', { name: 'Pour-Over Coffee Set' }).waitFor()
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor()
    const renewed = (await tokensOf(context))!
    expect(renewed.refreshToken).toEqual(tokens.refreshToken)
    expect(renewed.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000)
    await page.getByRole('button', { name: 'Increase quantity of Pour-Over Coffee Set' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' }).waitFor()
    // The server renewed (its own token call, not the browser's); the browser did not.
    expect(tokenCalls).toEqual([])

    // The tokens never travel in a URL or in a page.
    const secrets = [
      renewed.accessToken.value,
      renewed.refreshToken.value,
      tokens.accessToken.value,
    ]
    expect(urls.filter((url) => secrets.some((secret) => url.includes(secret)))).toEqual([])
    const page2 = await page.content()
    expect(secrets.filter((secret) => page2.includes(secret))).toEqual([])
    await context.close()
  })

  it('the browser renews an expired token once for all the calls of a page, and of its tabs', async () => {
    const { context, page, tokenCalls } = await shopper()
    await page.goto('/products/pour-over-coffee-set')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    const tokens = (await tokensOf(context))!
    const cookie = (await context.cookies()).find((item) => item.name === 'vitrine-tokens')!
    const expired = { ...tokens, accessToken: { ...tokens.accessToken, expiresAt: 1 } }
    await context.addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify(expired)) }])
    tokenCalls.length = 0
    // A catalog page is not the visitor's: its server does not renew; the browser's cart and
    // member queries both need the token, and one renewal serves them.
    await page.goto('/shop')
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(tokenCalls).toHaveLength(1)
    expect((await tokensOf(context))!.refreshToken).toEqual(tokens.refreshToken)

    // Two tabs that find it expired at once: one renews, the other takes its tokens. (The token
    // answer is held back a while, so that both tabs want one before it comes.)
    await context.addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify(expired)) }])
    await context.route(`${stack().platformUrl}/oauth2/token`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    tokenCalls.length = 0
    const other = await context.newPage()
    await Promise.all([page.goto('/shop'), other.goto('/shop')])
    for (const tab of [page, other]) await cartButtonOf(tab).waitFor()
    await page.waitForLoadState('networkidle')
    await other.waitForLoadState('networkidle')
    expect(tokenCalls).toHaveLength(1)
    await context.close()
  })
})
