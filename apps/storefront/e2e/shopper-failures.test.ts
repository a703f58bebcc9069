import { ApiKeyStrategy, catalogWriter, createClient } from '@vitrine/client'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartButton, launchChromium, openShop, PHONE, screenshot, stack } from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** The accessible name of the focused element. */
const focused = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.textContent ??
      document.activeElement?.tagName,
  )

describe('the rough edges a shopper hit', () => {
  it('a double click on "Add to cart" adds one', async () => {
    const { page, context, problems } = await openShop(browser)
    await page.goto('/products/pour-over-coffee-set')
    await cartButton(page, '0 items').waitFor()
    await page.getByRole('button', { name: 'Add to cart' }).dblclick()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    await page.waitForLoadState('networkidle')
    // What the platform holds, as a reload shows it.
    await page.reload()
    await cartButton(page, '1 item').waitFor()
    expect(problems()).toEqual([])
    await context.close()
  })

  it('closing the cart drawer gives focus back to what opened it: "Add to cart", or the cart button', async () => {
    const { page, context } = await openShop(browser)
    await page.goto('/products/pour-over-coffee-set')
    await cartButton(page, '0 items').waitFor()
    await page.getByRole('button', { name: 'Add to cart' }).focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await drawer.getByRole('link', { name: 'Pour-Over Coffee Set' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.isVisible()).toBe(false)
    // The dialog's close event, which hands focus on, comes a moment after it is hidden.
    await expect.poll(() => focused(page)).toBe('Add to cart')

    await cartButton(page, '1 item').focus()
    await page.keyboard.press('Enter')
    await drawer.getByRole('button', { name: 'Close cart' }).click()
    await expect.poll(() => drawer.isVisible()).toBe(false)
    await expect.poll(() => focused(page)).toBe('Cart, 1 item')
    await context.close()
  })

  it("another tab follows this tab's cart at once", async () => {
    const { page, context } = await openShop(browser)
    const other = await context.newPage()
    await other.goto('/shop')
    await cartButton(other, '0 items').waitFor()
    await page.goto('/products/pour-over-coffee-set')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
    // The other tab is told (not when its 30 s of freshness run out, nor on focus).
    await expect.poll(() => cartButton(other, '1 item').count(), { timeout: 5_000 }).toBe(1)
    await page.getByRole('button', { name: 'Remove Pour-Over Coffee Set' }).click()
    await expect.poll(() => cartButton(other, '0 items').count(), { timeout: 5_000 }).toBe(1)
    await context.close()
  })

  it("counts each collection's products that match the search", async () => {
    const { page, context } = await openShop(browser)
    await page.goto('/shop?q=tee')
    const count = (name: string) =>
      page
        .getByRole('navigation', { name: 'Collections' })
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .locator('.filter-link__count')
        .textContent()
    await expect.poll(() => count('Apparel')).toBe('1')
    await expect.poll(() => count('Home & Living')).toBe('0')
    // Typing another search counts again: once the page shows that search's results.
    await page.getByLabel('Search by name').fill('linen')
    await page.getByRole('heading', { name: 'Results for “linen”' }).waitFor()
    expect(page.url()).toMatch(/q=linen/)
    await expect.poll(() => count('Apparel')).toBe('1')
    await expect.poll(() => count('Home & Living')).not.toBe('0')
    await context.close()
  })

  it('searches what the shopper typed before the page’s scripts ran', async () => {
    const { page, context } = await openShop(browser)
    // The scripts arrive only once the shopper has typed (a slow phone).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/shop?q=tee', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Search by name').fill('linen')
    release()
    await page.waitForURL(/q=linen/)
    await page.getByRole('heading', { level: 1, name: 'Results for “linen”' }).waitFor()
    expect(await page.getByLabel('Search by name').inputValue()).toBe('linen')
    await context.close()
  })

  it('a product without a picture shows a placeholder, not an empty box', async () => {
    const admin = createClient({
      modules: { catalogWriter },
      auth: ApiKeyStrategy({ apiKey: stack().adminKey }),
      baseUrl: stack().platformUrl,
    })
    const name = `Unpictured Notebook ${Date.now().toString(36)}`
    const { product } = await admin.catalogWriter.createProduct({
      name,
      priceData: { price: 12 },
    })
    const { page, context } = await openShop(browser, PHONE)
    await page.goto(`/products/${product.slug}`)
    await page.getByRole('img', { name: `No picture of ${name} yet` }).waitFor()
    await screenshot(page, 'product-without-picture-phone')
    await page.goto(`/shop?q=${encodeURIComponent(name)}`)
    const card = page.locator('.product-card', { hasText: name })
    expect(await card.locator('.no-picture').isVisible()).toBe(true)
    await context.close()
  })

  it('a link to the checkout that leads nowhere has a way back: /checkout leads to the cart', async () => {
    const { page, context } = await openShop(browser)
    await page.goto('/checkout')
    await page.waitForURL(`${stack().shopUrl}/cart`)
    await page.getByText('Your cart is empty').waitFor()
    await context.close()
  })
})
