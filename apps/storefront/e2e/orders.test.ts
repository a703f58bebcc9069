import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  launchChromium,
  mail,
  newEmail,
  openConsoleOrders,
  openShop,
  payOnHostedCheckout,
  PHONE,
  screenshot,
  seriousViolations,
  stack,
} from './support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

const PASSWORD = 'linen-and-wool-42'
/** A long first name: the header must still hold the whole menu on one line at 1280 px. */
const NAME = 'Maximiliana-Josephine'

/** The account link of the header: "Log in", "Account" or the member's first name. */
const accountLink = (page: Page) => page.getByRole('banner').locator('.account-link')

/**
 * Buys `slug` (a product without options): from its page to the hosted checkout (New York,
 * standard shipping, the test card) and back to the thank-you page, whose URL it returns.
 */
async function buy(page: Page, slug: string, email: string): Promise<string> {
  await page.goto(`/products/${slug}`)
  await page.locator('.buy-box').getByRole('button', { name: 'Add to cart' }).click()
  await page.getByRole('dialog', { name: /Your cart/ }).waitFor()
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Checkout' }).click()
  await payOnHostedCheckout(page, { email, name: 'Olive Buyer' })
  return page.url()
}

/** The order number the thank-you page shows (`#1042` → `1042`). */
async function orderNumber(page: Page): Promise<string> {
  const text = (await page.locator('.thanks__order strong').textContent()) ?? ''
  expect(text).toMatch(/^#\d+$/)
  return text.slice(1)
}

/** Screenshots of the page at 1280 px and 390 px wide, named `<name>-desktop` / `-phone`. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`)
  await page.setViewportSize(PHONE)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(DESKTOP)
}

describe('a buyer’s orders', () => {
  it('thanks a visitor with the order, then lists a member’s own orders; no one else sees them', async () => {
    const { page, context, problems } = await openShop(browser)
    const email = newEmail('olive')

    // As a visitor: the thank-you page shows the order's number and items, and the mail comes.
    const visitorThanks = await buy(page, 'pour-over-coffee-set', email)
    const visitorNumber = await orderNumber(page)
    expect(await page.getByRole('list', { name: 'Items' }).textContent()).toMatch(
      /Pour-Over Coffee SetQuantity 1\$\d+\.\d\d/,
    )
    expect(await page.getByLabel('Order totals').textContent()).toMatch(/Total\$\d+\.\d\d$/)
    await page.getByText('120 Mercer Street').waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 0 items' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await bothWidths(page, 'orders-thank-you')
    const confirmation = await mail(email, 'ORDER_CONFIRMATION')
    expect(confirmation.subject).toBe(`Your order #${visitorNumber}`)

    // Another browser with the same link: "Order not found", a 404, and a way back.
    const stranger = await openShop(browser)
    const refused = await stranger.page.goto(visitorThanks)
    expect(refused?.status()).toBe(404)
    await stranger.page.getByRole('heading', { name: 'Order not found' }).waitFor()
    expect(await stranger.page.getByText(visitorNumber).count()).toBe(0)
    await stranger.page.getByRole('link', { name: 'Back to the shop' }).waitFor()
    expect(await stranger.page.title()).toBe('Not found · Vitrine')
    await screenshot(stranger.page, 'orders-not-found', false)
    await stranger.context.close()

    // Registered, they buy again: the account lists that order, not the one bought as a visitor.
    await page.goto('/register')
    await page.getByLabel('First name').fill(NAME)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByLabel('Verification code').fill((await mail(email, 'VERIFICATION_CODE')).code!)
    await page.getByRole('button', { name: 'Confirm e-mail' }).click()
    await page.waitForURL('**/account')
    await buy(page, 'pour-over-coffee-set', email)
    const memberNumber = await orderNumber(page)

    await page.goto('/account')
    const history = page.getByRole('region', { name: 'Your orders' })
    const listed = history.getByRole('link', { name: /^Order #/ })
    expect(await listed.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Order #${memberNumber}`)),
    ])
    await history.getByText('Orders you placed as a guest').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await bothWidths(page, 'orders-account')

    // The order's page: statuses, items, delivery.
    await listed.first().click()
    await page.waitForURL('**/account/orders/*')
    await page.getByRole('heading', { name: `Order #${memberNumber}` }).waitFor()
    expect(await page.locator('.order__statuses').textContent()).toBe(
      'OrderConfirmedPaymentPaidShippingNot shipped yet',
    )
    await page.getByText('Nothing has shipped yet.').waitFor()
    const orderUrl = page.url()

    // The merchant finds it by the buyer's e-mail in the console and ships it; the buyer's page
    // then says when, and links the tracking.
    const merchant = await openShop(browser)
    await openConsoleOrders(merchant.page)
    await merchant.page.getByLabel('Search orders by number or buyer e-mail').fill(email)
    const row = merchant.page.getByRole('row').filter({ hasText: `#${memberNumber}` })
    await row.getByRole('link', { name: `Order #${memberNumber}` }).click()
    await merchant.page.getByRole('heading', { level: 1, name: `Order #${memberNumber}` }).waitFor()
    await merchant.page.getByRole('button', { name: 'Mark as fulfilled' }).click()
    const ship = merchant.page.getByRole('dialog', {
      name: `Mark order #${memberNumber} as fulfilled`,
    })
    await ship.getByLabel('Tracking number (optional)').fill('1Z999')
    await ship.getByLabel('Carrier (optional)').fill('UPS')
    await ship.getByLabel('Tracking link (optional)').fill('https://ups.example/1Z999')
    await ship.getByRole('button', { name: 'Mark as fulfilled' }).click()
    await merchant.page
      .locator('.adm-page-header__meta')
      .getByText('Fulfilled', { exact: true })
      .waitFor()
    expect(merchant.problems()).toEqual([])
    await merchant.context.close()
    await page.reload()
    await page
      .getByText(/^Shipped on \w{3} \d{1,2}, \d{4} · 1 item · UPS tracking 1Z999$/)
      .waitFor()
    expect(await page.getByRole('link', { name: '1Z999' }).getAttribute('href')).toBe(
      'https://ups.example/1Z999',
    )
    expect(await page.locator('.order__statuses').textContent()).toMatch(/ShippingShipped$/)
    expect(await seriousViolations(page)).toEqual([])
    await bothWidths(page, 'orders-detail')

    // Without JavaScript the account lists the orders (links, as its paging is).
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: stack().shopUrl,
      storageState: await context.storageState(),
    })
    const plainPage = await plain.newPage()
    await plainPage.goto('/account')
    expect(
      await plainPage.getByRole('link', { name: new RegExp(`^Order #${memberNumber}`) }).count(),
    ).toBe(1)
    await plain.close()

    // On another device, logged in afresh: the header names them from the platform, on one line.
    const other = await openShop(browser)
    await other.page.goto('/login')
    await other.page.getByLabel('E-mail').fill(email)
    await other.page.getByLabel('Password').fill(PASSWORD)
    await other.page.getByRole('button', { name: 'Log in', exact: true }).click()
    await other.page.waitForURL('**/account')
    await other.page.getByRole('heading', { name: `Hello, ${NAME}` }).waitFor()
    await other.page.goto('/')
    await expect.poll(() => accountLink(other.page).textContent()).toBe(`Account of ${NAME}`)
    expect(await other.page.locator('.nav__link').evaluateAll(oneLine)).toBe(true)
    const search = (await other.page.locator('.header-search').boundingBox())!
    const link = (await accountLink(other.page).boundingBox())!
    expect(link.x).toBeGreaterThanOrEqual(search.x + search.width)
    await screenshot(other.page, 'orders-header-long-name', false)
    // Their order opens there too; the visitor order's thank-you link does not.
    await other.page.goto(orderUrl)
    await other.page.getByRole('heading', { name: `Order #${memberNumber}` }).waitFor()
    expect((await other.page.goto(visitorThanks))?.status()).toBe(404)

    expect(
      [...problems(), ...other.problems()].filter((p) => !/^404 GET .*\/thank-you/.test(p)),
    ).toEqual([])
    await other.context.close()
    await context.close()
  })
})

/** Whether the elements sit on one line, each one line high (the menu did not wrap). */
function oneLine(elements: Element[]): boolean {
  const boxes = elements.map((element) => element.getBoundingClientRect())
  const [first] = boxes
  return boxes.every((box) => box.top === first!.top && box.height === first!.height)
}
