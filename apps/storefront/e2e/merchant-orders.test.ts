import { ApiKeyStrategy, createClient, orderFulfillments, orders } from '@vitrine/client'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  launchChromium,
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

/** The platform as the merchant's API key reads it. */
const merchant = () =>
  createClient({
    modules: { orders, orderFulfillments },
    auth: ApiKeyStrategy({ apiKey: stack().adminKey }),
    baseUrl: stack().platformUrl,
  })

/**
 * Buys an Enamel Pin Set as a new visitor: the product page, the cart drawer's Checkout, and the
 * hosted checkout page (New York, standard shipping, the test card). Resolves with the order's id.
 */
async function buyAsVisitor(email: string): Promise<string> {
  const { page, context, problems } = await openShop(browser)
  await page.goto('/products/enamel-pin-set')
  await page.locator('.buy-box').getByRole('button', { name: 'Add to cart' }).click()
  const drawer = page.getByRole('dialog', { name: /Your cart/ })
  await drawer.getByRole('link', { name: 'Enamel Pin Set' }).waitFor()
  await drawer.getByRole('button', { name: 'Checkout' }).click()
  await payOnHostedCheckout(page, { email, name: 'Nora Buyer' })
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  expect(problems()).toEqual([])
  await context.close()
  return orderId
}

/** Waits for the console's toast that says `text` (the polite live region's). */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').locator('.adm-toast__message', { hasText: text }).waitFor()

/**
 * Checks the page with axe-core, then saves its screenshot without the toasts in front (a modal
 * dialog keeps them: they are inert).
 */
async function capture(page: Page, name: string, fullPage = true) {
  expect(await seriousViolations(page)).toEqual([])
  const dismiss = page.getByRole('button', { name: 'Dismiss' })
  if ((await page.locator('dialog[open]').count()) === 0)
    for (let left = await dismiss.count(); left > 0; left--) await dismiss.first().click()
  await screenshot(page, name, fullPage)
}

describe('a merchant', () => {
  it('finds a shopper’s order by e-mail, marks it fulfilled, and comes back to the filtered list', async () => {
    const email = newEmail('nora')
    const orderId = await buyAsVisitor(email)
    const { number } = await merchant().orders.getOrder(orderId)

    const { page, context, problems } = await openShop(browser, DESKTOP)
    await openConsoleOrders(page)
    await page.getByLabel('Search orders by number or buyer e-mail').fill(email)
    await page.getByLabel('Fulfillment').selectOption('NOT_FULFILLED')
    await page.waitForURL(/fulfillment=NOT_FULFILLED/)
    const row = page.getByRole('row').filter({ hasText: email })
    await row.getByRole('link', { name: `Order #${number}` }).waitFor()
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    expect(await row.getByText('Nora Buyer').count()).toBe(1)
    // Each status shows once (its column; on phones, under the number).
    const status = (text: string) => row.getByText(text, { exact: true }).filter({ visible: true })
    expect(await status('Not fulfilled').count()).toBe(1)
    expect(await status('Paid').count()).toBe(1)
    await capture(page, 'admin-orders')

    await row.getByRole('link', { name: `Order #${number}` }).click()
    await page.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor()
    const items = page.getByRole('region', { name: 'Items (1)' })
    await items.getByText('Enamel Pin Set').waitFor()
    expect(await items.locator('img').getAttribute('src')).toMatch(/\/media\/.+\.svg$/)
    await page.getByRole('region', { name: 'Delivery' }).getByText('Standard Shipping').waitFor()
    await capture(page, 'admin-order')

    await page.getByRole('button', { name: 'Mark as fulfilled' }).click()
    const dialog = page.getByRole('dialog', { name: `Mark order #${number} as fulfilled` })
    await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784')
    await dialog.getByLabel('Carrier (optional)').fill('UPS')
    await capture(page, 'admin-order-fulfill', false)
    await dialog.getByRole('button', { name: 'Mark as fulfilled' }).dblclick()
    await toast(page, `Order #${number} is marked as fulfilled.`)
    const meta = page.locator('.adm-page-header__meta')
    await meta.getByText('Fulfilled', { exact: true }).waitFor()
    await page
      .getByRole('region', { name: 'Fulfillments' })
      .getByText('UPS · 1Z999AA10123456784')
      .waitFor()
    expect(await page.getByRole('button', { name: 'Mark as fulfilled' }).count()).toBe(0)
    await capture(page, 'admin-order-fulfilled')
    // The double click made one fulfillment.
    const { orderWithFulfillments } =
      await merchant().orderFulfillments.listFulfillmentsForSingleOrder(orderId)
    expect(orderWithFulfillments.fulfillments).toHaveLength(1)
    expect((await merchant().orders.getOrder(orderId)).fulfillmentStatus).toBe('FULFILLED')

    // "Orders" leads back to the list as it was filtered: the order has left "Not fulfilled".
    await page.getByRole('main').getByRole('link', { name: 'Orders' }).click()
    await page.getByRole('heading', { name: 'No orders match' }).waitFor()
    expect(await page.getByLabel('Search orders by number or buyer e-mail').inputValue()).toBe(
      email,
    )
    expect(await page.getByLabel('Fulfillment').inputValue()).toBe('NOT_FULFILLED')
    await page.getByLabel('Fulfillment').selectOption('FULFILLED')
    await status('Fulfilled').waitFor()
    // So does the browser's Back.
    await row.getByRole('link', { name: `Order #${number}` }).click()
    await page.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor()
    await page.goBack()
    await row.getByRole('link', { name: `Order #${number}` }).waitFor()
    expect(new URL(page.url()).searchParams.get('fulfillment')).toBe('FULFILLED')

    // On a phone, the list and the order fit the screen.
    await page.setViewportSize(PHONE)
    await row.getByRole('link', { name: `Order #${number}` }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    expect(await status('Fulfilled').count()).toBe(1)
    await capture(page, 'admin-orders-phone')
    await row.getByRole('link', { name: `Order #${number}` }).click()
    await page.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    await capture(page, 'admin-order-phone')

    expect(problems()).toEqual([])
    await context.close()
  })

  it('reaches the orders and fulfillments APIs through the shop, and nothing beside them', async () => {
    const shop = stack().shopUrl
    const signIn = await fetch(`${shop}/admin/session`, {
      method: 'POST',
      headers: { Origin: shop, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ adminKey: stack().adminKey }),
    })
    const { token } = (await signIn.json()) as { token: string }
    const headers = {
      Cookie: signIn.headers.get('set-cookie')!.split(';')[0]!,
      Authorization: token,
      'Content-Type': 'application/json',
    }
    const call = (path: string, body?: unknown) =>
      fetch(`${shop}/admin/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })

    const search = await call('ecom/v1/orders/search', { search: { cursorPaging: { limit: 1 } } })
    expect(search.status).toBe(200)
    const [order] = ((await search.json()) as { orders: { id: string }[] }).orders
    expect((await call(`ecom/v1/orders/${order!.id}?id=${order!.id}`)).status).toBe(200)
    expect((await call(`ecom/v1/fulfillments/orders/${order!.id}`)).status).toBe(200)
    for (const path of [
      'ecom/v1/orders',
      'ecom/v1/bulk/orders/update',
      'ecom/v1/fulfillments/list-by-ids',
      'ecom/v1/checkouts/x',
      'ecom/v1/carts/x',
      'members/v1/members/my',
    ])
      expect((await call(path, {})).status, path).toBe(404)
  })
})
