import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, launchChromium, screenshot, stack } from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A fresh browser on the shop that runs no JavaScript. */
async function withoutScripts() {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: DESKTOP,
    baseURL: stack().shopUrl,
  })
  return { context, page: await context.newPage() }
}

describe('a shopper without JavaScript', () => {
  it('browses, searches, opens a product, chooses options, adds to cart, changes the cart and reaches the checkout', async () => {
    const { context, page } = await withoutScripts()

    // Browse: the home page, the catalog, a collection, a search inside it, a sort.
    await page.goto('/')
    await page.getByRole('link', { name: 'Shop the collection' }).click()
    await page.waitForURL('**/shop')
    await page.getByText(/^Showing 1–12 of \d+ products$/).waitFor()
    await page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: /Apparel/ })
      .click()
    await page.waitForURL(/collection=apparel/)
    await page.getByLabel('Sort by').selectOption('price-desc')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/collection=apparel.*sort=price-desc/)
    await page.getByLabel('Search by name').fill('tee')
    await page.getByLabel('Search by name').press('Enter')
    await page.waitForURL(/collection=apparel&q=tee/)
    expect(await page.locator('.product-card__name').allTextContents()).toEqual([
      'Everyday Organic Tee',
    ])

    // The product: the server says what is missing, then takes the choices.
    await page.getByRole('link', { name: 'Everyday Organic Tee' }).click()
    await page.waitForURL('**/products/everyday-organic-tee')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('alert').filter({ hasText: 'Choose a color first.' }).waitFor()
    await page.getByRole('radio', { name: 'Sage', exact: true }).check()
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2')
    await screenshot(page, 'product-no-js-desktop', true, { scripts: false })
    await page.getByRole('button', { name: 'Add to cart' }).click()

    // The cart: the line as chosen, then quantities and a discount code, each a form post.
    await page.waitForURL('**/cart')
    const line = page.locator('.cart-line', { hasText: 'Everyday Organic Tee' })
    expect(await line.locator('.cart-line__options').textContent()).toBe('Color: Sage · Size: M')
    // The shipping estimate is the page script's; without it the page says where it is done.
    await page.getByText('Shipping and tax are worked out for your address at checkout.').waitFor()
    const quantity = () => line.getByRole('spinbutton').inputValue()
    expect(await quantity()).toBe('2')
    await line.getByRole('button', { name: 'Increase quantity of Everyday Organic Tee' }).click()
    await expect.poll(quantity).toBe('3')
    await page.getByRole('textbox', { name: 'Discount code' }).fill('NOPE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: /“NOPE” does not exist/ })
      .waitFor()
    await page.getByRole('textbox', { name: 'Discount code' }).fill('save10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.locator('.coupon-applied', { hasText: 'SAVE10' }).waitFor()
    await line.getByRole('button', { name: 'Decrease quantity of Everyday Organic Tee' }).click()
    await expect.poll(quantity).toBe('2')
    await screenshot(page, 'cart-no-js-desktop', true, { scripts: false })

    // The checkout: the server hands the cart to the hosted checkout page.
    await page.getByRole('button', { name: 'Checkout' }).click()
    await page.waitForURL(`${stack().platformUrl}/_vitrine/checkout/**`)
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor()
    expect(await page.getByText('Everyday Organic Tee').count()).toBeGreaterThan(0)

    // Back in the shop, removing the line empties the cart.
    await page.goto(`${stack().shopUrl}/cart`)
    await line.getByRole('button', { name: 'Remove Everyday Organic Tee' }).click()
    await page.getByText('Your cart is empty').waitFor()
    await context.close()
  })

  it('gets told that logging in needs JavaScript, without the password ever in a URL', async () => {
    const { context, page } = await withoutScripts()
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    await page.goto('/login')
    await page.getByLabel('E-mail').fill('nojs@example.com')
    await page.getByLabel('Password').fill('a-secret-password')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'This form needs JavaScript' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(urls.filter((url) => url.includes('a-secret-password'))).toEqual([])
    await context.close()
  })
})
