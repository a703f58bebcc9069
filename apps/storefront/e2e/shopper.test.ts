import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  launchChromium,
  openShop,
  payOnHostedCheckout,
  screenshot,
  seriousViolations,
} from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** The amount of a totals row (`Subtotal` → 56), read from the order summary. */
async function total(page: Page, label: string): Promise<number> {
  const name = page.locator('dt', { hasText: new RegExp(`^(Estimated )?${label}$`, 'i') })
  const row = page.locator('.totals__row', { has: name })
  const text = (await row.locator('dd').textContent()) ?? ''
  return text === 'Free' ? 0 : Number(text.replace(/[^0-9.]/g, ''))
}

/** The regular prices of the product cards, in order (the struck-through one when on sale). */
const regularPrices = (page: Page) =>
  page.locator('.product-card__price').evaluateAll((prices) =>
    prices.map((price) => {
      const text = (price.querySelector('.price__was') ?? price).textContent ?? ''
      return Number(/\$([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, ''))
    }),
  )

describe('a shopper', () => {
  it('browses, picks options, adds to cart, applies a coupon, estimates totals and checks out', async () => {
    const { page, context, problems } = await openShop(browser)

    // Home → the catalog.
    await page.goto('/')
    await page.getByRole('heading', { name: 'Made to be lived in.' }).waitFor()
    await page.getByRole('link', { name: 'Shop the collection' }).click()
    await page.waitForURL('**/shop')
    // The demo catalog, and whatever the merchant's tests add to it meanwhile.
    await expect
      .poll(() => page.locator('.results-summary').textContent())
      .toMatch(/^Showing 1–12 of \d\d products$/)

    // Paging, sorting and the collection filter live in the URL.
    await page.getByRole('link', { name: 'Page 2' }).click()
    await page.waitForURL(/page=2/)
    await expect
      .poll(() => page.locator('.results-summary').textContent())
      .toMatch(/^Showing 13–24 of/)
    await page.getByLabel('Sort by').selectOption('price-desc')
    await page.waitForURL(/sort=price-desc/)
    expect(page.url()).not.toMatch(/page=/)
    // Dearest first: the watch ($149) or anything dearer added meanwhile, and down from there.
    const sortedDown = (prices: number[]) =>
      prices.length === 12 &&
      prices[0]! >= 149 &&
      prices.every((price, i) => i === 0 || prices[i - 1]! >= price)
    await expect.poll(async () => sortedDown(await regularPrices(page))).toBe(true)
    await page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: /Apparel/ })
      .click()
    await page.waitForURL(/collection=apparel/)
    await expect.poll(() => page.locator('.results-summary').textContent()).toMatch(/of 7 products/)
    await page.getByLabel('Search by name').fill('tee')
    await page.waitForURL(/q=tee/)
    await expect
      .poll(() => page.locator('.product-card__name').allTextContents())
      .toEqual(['Everyday Organic Tee'])

    // The product page: options follow availability; price and stock follow the variant.
    await page.getByRole('link', { name: 'Everyday Organic Tee' }).click()
    await page.waitForURL('**/products/everyday-organic-tee')
    const add = page
      .locator('.buy-box')
      .getByRole('button', { name: /Choose|Add to cart|Sold out/ })
    await expect.poll(() => add.textContent()).toBe('Choose color')
    expect(await add.isDisabled()).toBe(true)
    await page.getByRole('radio', { name: 'Sage', exact: true }).check()
    // Sage is sold out in XS: that size cannot be picked.
    await expect.poll(() => page.getByRole('radio', { name: /^XS/ }).isDisabled()).toBe(true)
    await page.getByRole('radio', { name: 'XL' }).check()
    await expect.poll(() => page.locator('.product__price').textContent()).toBe('$30.00')
    await page.getByRole('radio', { name: 'M', exact: true }).check()
    await expect.poll(() => page.locator('.product__price').textContent()).toBe('$28.00')
    await expect.poll(() => page.locator('.stock').textContent()).toMatch(/In stock/)
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('button', { name: 'Add to cart' }).click()

    // The drawer opens on add, and the change is announced.
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await drawer.waitFor()
    await expect
      .poll(() => drawer.locator('.cart-line__options').textContent())
      .toBe('Color: Sage · Size: M')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'added' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Cart, 2 items' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'cart-drawer-desktop', false)

    // The cart page: coupon, address, delivery, totals.
    await drawer.getByRole('link', { name: 'View cart' }).click()
    await page.waitForURL('**/cart')
    // A code that does not exist is refused in words; SAVE10 takes 10 % off.
    await page.getByRole('textbox', { name: 'Discount code' }).fill('NOPE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/“NOPE” does not exist/)
    await page.getByRole('textbox', { name: 'Discount code' }).fill('save10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.locator('.coupon-applied', { hasText: 'SAVE10' }).waitFor()
    await expect.poll(() => total(page, 'Discount')).toBe(5.6)

    await page.getByRole('combobox', { name: 'Country' }).selectOption('US')
    await page.getByRole('combobox', { name: 'State' }).selectOption('US-NY')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('10012')
    await page.getByRole('button', { name: 'Estimate shipping & tax' }).click()
    await page.getByRole('radio', { name: /Express Shipping/ }).check()
    await expect.poll(() => total(page, 'Shipping')).toBe(14.95)
    await expect.poll(() => total(page, 'Tax')).toBeGreaterThan(0)
    const [subtotal, discount, shipping, tax, sum] = [
      await total(page, 'Subtotal'),
      await total(page, 'Discount'),
      await total(page, 'Shipping'),
      await total(page, 'Tax'),
      await total(page, 'Total'),
    ]
    expect(subtotal).toBe(56)
    expect(sum).toBeCloseTo(subtotal - discount + shipping + tax, 2)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'cart-desktop')

    // Quantities and removal update the cart and its totals.
    await page.getByRole('button', { name: 'Decrease quantity of Everyday Organic Tee' }).click()
    await expect.poll(() => total(page, 'Subtotal')).toBe(28)

    // The hosted checkout: contact, address, delivery and the test card, then back to the shop.
    await page.getByRole('button', { name: 'Checkout' }).click()
    await payOnHostedCheckout(page, {
      email: 'shopper@example.com',
      name: 'Sam Shopper',
      delivery: /Express Shipping/,
    })
    const orderId = new URL(page.url()).searchParams.get('orderId')
    expect(orderId).toBeTruthy()
    // The order's number, not its id, and what was bought.
    expect(await page.locator('.thanks__order strong').textContent()).toMatch(/^#\d+$/)
    expect(await page.getByRole('list', { name: 'Items' }).textContent()).toMatch(
      /Everyday Organic TeeColor: Sage · Size: MQuantity 1\$28\.00/,
    )
    // The order took the cart's items.
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 0 items' }).count()).toBe(1)
    await screenshot(page, 'thank-you-desktop')
    expect(await seriousViolations(page)).toEqual([])

    // The refused coupon is the only failed answer: the cart page's action's (the shop's server
    // changes the cart; the browser no longer asks the platform for it).
    expect(problems()).toEqual([expect.stringMatching(/^400 POST .*\/cart\.data$/)])
    await context.close()
  })

  it('adds to the cart while offline: the shop says so instead of spinning, and the item lands when back', async () => {
    const { page, context, problems } = await openShop(browser)
    await page.goto('/products/pour-over-coffee-set')
    const add = page.locator('.buy-box').getByRole('button', { name: 'Add to cart' })
    const cart = (items: string) =>
      page.getByRole('banner').getByRole('button', { name: `Cart, ${items}` })
    // The page's script runs (the header's cart is a button): the add is the shop's, not a post;
    // and the shop knows the cart (nothing is loading any more).
    await cart('0 items').waitFor()
    await page.waitForLoadState('networkidle')

    await context.setOffline(true)
    await add.click()
    const waiting = page.getByRole('status').filter({ hasText: 'You are offline' })
    await expect
      .poll(() => waiting.textContent())
      .toBe('You are offline — we’ll add it when you’re back.')
    expect(await page.locator('.buy-box .spinner').count()).toBe(0)
    // The badge counts what the cart holds: not the waiting item.
    await expect.poll(() => cart('0 items').count()).toBe(1)

    await context.setOffline(false)
    const drawer = page.getByRole('dialog', { name: /Your cart/ })
    await drawer.waitFor()
    await expect
      .poll(() => drawer.locator('.cart-line__name').allTextContents())
      .toEqual(['Pour-Over Coffee Set'])
    expect(await waiting.count()).toBe(0)
    await cart('1 item').waitFor()
    expect(problems()).toEqual([])
    await context.close()
  })
})
