import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  hydrated,
  launchChromium,
  PHONE,
  registerAndLogOut,
  newEmail,
  stack,
} from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/**
 * A fresh browser whose every console message of type error or warning, uncaught error and
 * failed answer is kept, and every request to the platform listed.
 */
async function watchedShop(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: stack().shopUrl })
  const page = await context.newPage()
  const messages: string[] = []
  const platformCalls: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`))
  context.on('request', (request) => {
    const url = new URL(request.url())
    // Its API, not its pictures.
    if (url.origin === stack().platformUrl && !url.pathname.startsWith('/media/'))
      platformCalls.push(`${request.method()} ${url.pathname}`)
  })
  return { context, page, messages, platformCalls }
}

/** The platform calls other than the catalog's: tokens and the cart, the browser's own part. */
const catalogCalls = (calls: string[]) =>
  calls.filter((call) => !/^POST \/oauth2\/token$|\/ecom\/v1\/carts\/current/.test(call))

const PAGES = [
  { path: '/', ready: 'Made to be lived in.' },
  { path: '/shop', ready: 'All products' },
  { path: '/shop?collection=apparel&q=tee&sort=price-desc', ready: 'Results for “tee”' },
  { path: '/products/everyday-organic-tee', ready: 'Everyday Organic Tee' },
  { path: '/products/heavyweight-hoodie', ready: 'Heavyweight Hoodie' },
  { path: '/cart', ready: 'Your cart is empty' },
  { path: '/login', ready: 'Welcome back' },
  { path: '/register', ready: 'Create your account' },
  { path: '/products/no-such-thing', ready: 'We couldn’t find that product', status: 404 },
]

/** The initial priority of each request `page` makes from now on, by `<type> <url>`. */
async function requestPriorities(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const priorities = new Map<string, string[]>()
  cdp.on('Network.requestWillBeSent', ({ request, type }) => {
    const key = `${type} ${request.url}`
    priorities.set(key, [...(priorities.get(key) ?? []), request.initialPriority])
  })
  await cdp.send('Network.enable')
  return priorities
}

describe('hydration', () => {
  it.each(PAGES)(
    '$path hydrates without a console error or warning, and without asking the platform for the catalog again',
    async ({ path, ready, status = 200 }) => {
      for (const viewport of [DESKTOP, PHONE]) {
        const { context, page, messages, platformCalls } = await watchedShop(viewport)
        expect((await page.goto(path))?.status()).toBe(status)
        await page.getByText(ready, { exact: true }).first().waitFor()
        await hydrated(page)
        await page.waitForLoadState('networkidle')
        // The browser logs the 404s that are answers: a missing page's own, and the platform's
        // for the cart of a visitor who has none yet (its wire contract).
        const notFound = `error: Failed to load resource: the server responded with a status of 404 (Not Found)`
        const answers = [
          `${notFound} (${stack().shopUrl}${path})`,
          `${notFound} (${stack().platformUrl}/ecom/v1/carts/current)`,
        ]
        expect(messages.filter((message) => !answers.includes(message))).toEqual([])
        // The page's data came with it: the browser asks only for the visitor's own part.
        expect(catalogCalls(platformCalls)).toEqual([])
        await context.close()
      }
    },
  )

  it("loads the page's scripts once each and after its styles and main picture (low priority)", async () => {
    const { context, page } = await watchedShop(PHONE)
    const priorities = await requestPriorities(page)
    await page.goto('/products/everyday-organic-tee')
    await hydrated(page)
    const scripts = [...priorities].filter(([key]) => key.startsWith('Script '))
    expect(scripts.length).toBeGreaterThan(0)
    for (const [key, seen] of scripts) expect(seen, key).toEqual(['Low'])
    const picture = [...priorities].find(([key]) => key.endsWith('everyday-organic-tee-white.svg'))
    expect(picture?.[1]).toEqual(['High'])
    const styles = [...priorities].filter(([key]) => key.startsWith('Stylesheet '))
    expect(styles.map(([, seen]) => seen)).toEqual([['VeryHigh']])
    await context.close()
  })

  it("asks for the shop's first product picture before the others (high priority)", async () => {
    const { context, page } = await watchedShop(PHONE)
    const priorities = await requestPriorities(page)
    await page.goto('/shop')
    await hydrated(page)
    const pictures = page.locator('.product-grid img')
    const [first, second] = await Promise.all(
      [0, 1].map((n) => pictures.nth(n).getAttribute('src')),
    )
    expect(priorities.get(`Image ${first}`)).toEqual(['High'])
    expect(priorities.get(`Image ${second}`)).not.toEqual(['High'])
    await context.close()
  })

  it("hydrates a visitor's cart page and a member's account page as the server rendered them", async () => {
    const { context, page, messages, platformCalls } = await watchedShop()
    // A member with a cart, signed in through the shop's own form.
    const email = newEmail('hydra')
    await registerAndLogOut(page, email, 'linen-and-wool-42')
    await page.goto('/products/pour-over-coffee-set')
    await hydrated(page)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill('linen-and-wool-42')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL('**/account')
    messages.length = 0

    for (const [path, ready] of [
      ['/cart', 'Pour-Over Coffee Set'],
      ['/account', 'Your account'],
    ] as const) {
      platformCalls.length = 0
      await page.goto(path)
      await page.getByText(ready).first().waitFor()
      await hydrated(page)
      await page.waitForLoadState('networkidle')
      expect(messages, path).toEqual([])
      // The server rendered the cart: the browser does not fetch it again. (The header asks
      // for the member's name, which the shop may not render into a page it shares.)
      if (path === '/cart')
        expect(platformCalls.filter((call) => call !== 'GET /members/v1/members/my')).toEqual([])
    }
    await context.close()
  })
})
