import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, openShop, PHONE, screenshot, seriousViolations, stack } from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** The main pages a visitor can open directly, with what shows they have loaded. */
const PAGES = [
  { name: 'home', path: '/', ready: 'Made to be lived in.' },
  { name: 'shop', path: '/shop', ready: 'All products' },
  { name: 'shop-search', path: '/shop?q=zzz', ready: 'Nothing matches “zzz”' },
  { name: 'product', path: '/products/everyday-organic-tee', ready: 'Everyday Organic Tee' },
  { name: 'cart-empty', path: '/cart', ready: 'Your cart is empty' },
  { name: 'login', path: '/login', ready: 'Welcome back' },
  { name: 'register', path: '/register', ready: 'Create your account' },
  { name: 'forgot-password', path: '/forgot-password', ready: 'Reset your password' },
  { name: 'not-found', path: '/no-such-page', ready: 'We couldn’t find that page', status: 404 },
  {
    name: 'product-not-found',
    path: '/products/no-such-thing',
    ready: 'We couldn’t find that product',
    status: 404,
  },
  {
    name: 'collection-not-found',
    path: '/shop?collection=no-such-thing',
    ready: 'We couldn’t find that collection',
    status: 404,
  },
]

describe('the main pages', () => {
  it.each(PAGES)(
    '$name has no serious accessibility violations',
    async ({ name, path, ready, status = 200 }) => {
      const { page, context, problems } = await openShop(browser)
      const response = await page.goto(path)
      expect(response?.status()).toBe(status)
      await page.getByText(ready, { exact: true }).first().waitFor()
      await screenshot(page, `${name}-desktop`)
      expect(await seriousViolations(page)).toEqual([])
      expect(await page.title()).toMatch(/Vitrine/)
      // A missing page's own answer is its 404, not a problem.
      const own = `${status} GET ${stack().shopUrl}${path}`
      expect(problems().filter((problem) => problem !== own)).toEqual([])
      await context.close()
    },
  )

  it('fit a phone: home with its menu, product, cart', async () => {
    const { page, context, problems } = await openShop(browser, PHONE)
    await page.goto('/')
    await page.getByRole('heading', { name: 'Made to be lived in.' }).waitFor()
    await screenshot(page, 'home-phone')
    await page.getByRole('button', { name: 'Menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Menu' })
    await menu.getByRole('link', { name: 'Apparel' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'menu-phone', false)
    await menu.getByRole('link', { name: 'Apparel' }).click()
    await page.waitForURL(/collection=apparel/)
    expect(await menu.count()).toBe(0)

    await page.goto('/products/linen-button-down-shirt')
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'product-phone')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'cart-drawer-phone', false)

    await page.goto('/cart')
    await page.getByRole('link', { name: 'Linen Button-Down Shirt' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'cart-phone')
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width)
    await page.getByRole('button', { name: 'Remove Linen Button-Down Shirt' }).click()
    await page.getByText('Your cart is empty').waitFor()
    expect(problems()).toEqual([])
    await context.close()
  })

  it('can be used with the keyboard alone: skip link, options, add to cart, drawer', async () => {
    const { page, context } = await openShop(browser)
    await page.goto('/products/heavyweight-hoodie')
    await page.getByRole('heading', { name: 'Heavyweight Hoodie' }).waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => location.hash)).toBe('#main')

    // Radio groups: Tab into a group, arrows between its choices.
    await page.getByRole('radio', { name: 'Charcoal' }).focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true)
    // XXL is sold out in every colour: the arrows skip it.
    expect(await page.getByRole('radio', { name: /^XXL/ }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Add to cart' }).focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await drawer.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.isVisible()).toBe(false)
    // Back where the shopper was: on "Add to cart", which opened the drawer.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Add to cart')
    await context.close()
  })
})
