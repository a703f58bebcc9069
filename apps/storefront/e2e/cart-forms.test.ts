import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartButton, launchChromium, openShop, stack } from './support'

/*
 * The cart's forms with the page's script: each posts to its route's action (as without the
 * script), the cart shows the change at once, then the cart the action answered.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A new shopper on the cart page with one Pour-Over Coffee Set ($58) in the cart. */
async function shopperWithCart() {
  const shop = await openShop(browser)
  const { page } = shop
  await page.goto('/products/pour-over-coffee-set')
  await cartButton(page, '0 items').waitFor()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
  await page.goto('/cart')
  await cartButton(page, '1 item').waitFor()
  const line = page.locator('.cart-line', { hasText: 'Pour-Over Coffee Set' })
  return { ...shop, line, quantity: () => line.getByRole('spinbutton').inputValue() }
}

/** Holds the posts to `url` (an action's) until `release()`. */
async function holdPosts(page: Page, url: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The amount of the order summary's subtotal. */
const subtotal = async (page: Page) =>
  Number(
    (
      await page.locator('.totals__row', { hasText: 'Subtotal' }).locator('dd').textContent()
    )?.replace(/[^0-9.]/g, ''),
  )

describe("the cart's forms with the page's script", () => {
  it('show an addition in the header at once, "Adding…" meanwhile, then open the drawer', async () => {
    const { page, context, problems } = await openShop(browser)
    await page.goto('/products/pour-over-coffee-set')
    await cartButton(page, '0 items').waitFor()
    const release = await holdPosts(page, '**/products/pour-over-coffee-set.data')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.locator('.buy-box').getByRole('button', { name: 'Adding…' }).waitFor()
    await cartButton(page, '1 item').waitFor()
    expect(await page.getByRole('dialog', { name: /Your cart/ }).count()).toBe(0)
    release()
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await drawer.getByRole('link', { name: 'Pour-Over Coffee Set' }).waitFor()
    await page.locator('.buy-box').getByRole('button', { name: 'Add to cart' }).waitFor()
    expect(await cartButton(page, '1 item').count()).toBe(1)
    expect(problems()).toEqual([])
    await context.close()
  })

  it("show a new quantity at once, then the action's cart, which the browser does not ask the platform for", async () => {
    const { page, context, line, quantity, problems } = await shopperWithCart()
    await expect.poll(() => subtotal(page)).toBe(58)
    const platformCalls: string[] = []
    context.on('request', (request) => {
      if (request.url().startsWith(stack().platformUrl))
        platformCalls.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })

    const release = await holdPosts(page, '**/cart.data')
    await line.getByRole('button', { name: 'Increase quantity of Pour-Over Coffee Set' }).click()
    // While the post waits: the line and the header show the new quantity.
    await expect.poll(quantity).toBe('2')
    await cartButton(page, '2 items').waitFor()
    expect(await subtotal(page)).toBe(58)
    release()
    // The action's answer, then the totals for it.
    await expect.poll(() => subtotal(page)).toBe(116)
    expect(await quantity()).toBe('2')
    await page.waitForLoadState('networkidle')
    // The change went through the shop's server; the browser asked the platform for the totals
    // only: neither the change nor the cart again.
    expect(platformCalls.filter((call) => !/\/estimate-totals$/.test(call))).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })

  it('say so when a change does not reach the shop, put the cart back, and can send it again', async () => {
    const { page, context, line, quantity } = await shopperWithCart()
    await page.route('**/cart.data', (route) => route.abort('internetdisconnected'))
    const increase = line.getByRole('button', { name: 'Increase quantity of Pour-Over Coffee Set' })
    await increase.click()
    await line
      .getByRole('alert')
      .filter({ hasText: /cannot be reached|offline/ })
      .waitFor()
    expect(await quantity()).toBe('1')
    await cartButton(page, '1 item').waitFor()

    await page.unroute('**/cart.data')
    await increase.click()
    await expect.poll(quantity).toBe('2')
    await expect.poll(() => line.getByRole('alert').count()).toBe(0)
    await expect.poll(() => subtotal(page)).toBe(116)
    // What the platform holds, as the server renders it.
    await page.reload()
    await cartButton(page, '2 items').waitFor()
    await context.close()
  })

  it("hand the checkout the estimate's address and delivery", async () => {
    const { page, context } = await shopperWithCart()
    await page.getByRole('combobox', { name: 'Country' }).selectOption('US')
    await page.getByRole('combobox', { name: 'State' }).selectOption('US-NY')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('10012')
    await page.getByRole('button', { name: 'Estimate shipping & tax' }).click()
    await page.getByRole('radio', { name: /Express Shipping/ }).check()
    await page.getByRole('button', { name: 'Checkout' }).click()
    await page.waitForURL(`${stack().platformUrl}/_vitrine/checkout/**`)
    expect(await page.getByLabel('Postal code').inputValue()).toBe('10012')
    expect(await page.getByLabel('State / region').inputValue()).toBe('US-NY')
    expect(await page.getByLabel(/Express Shipping/).isChecked()).toBe(true)
    await context.close()
  })
})
