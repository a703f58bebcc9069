import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoCommerce } from '../../seed/demo-commerce.js'
import { DEMO_PRODUCTS } from '../../seed/demo-collections.js'
import { mediaItem, productImages } from '../../seed/demo-images.js'
import { startVisitorCheckout, storesLine } from '../../test-support/cart.js'
import { launchChromium, openPage } from '../../test-support/chromium.js'
import { startPlatform, type TestPlatform } from '../../test-support/platform.js'
import { html, startSite, type StaticSite } from '../../test-support/storefront-page.js'
import { insertProduct, withOption } from '../../test-support/catalog-fixtures.js'

/*
 * The hosted checkout in Debian's Chromium: a visitor's cart → checkout → redirect session → the
 * page → address, state, shipping option, test card → "Place order" → the shop's thank-you page
 * with the id of an order that exists. Saves a screenshot of the filled-in page.
 */

const SCREENSHOT = fileURLToPath(
  new URL('../../../../../test-output/screenshots/hosted-checkout.png', import.meta.url),
)

describe('hosted checkout in a real browser', () => {
  let platform: TestPlatform
  let browser: Browser
  let shop: StaticSite
  const db = () => platform.app.platform.db.kysely

  /** A demo product (name, price, first picture served by the platform) in the catalog. */
  const demoProduct = async (slug: string, options?: Parameters<typeof insertProduct>[1]) => {
    const product = DEMO_PRODUCTS.find((candidate) => candidate.slug === slug)!
    const picture = mediaItem([...productImages(product).values()].at(-1)!)
    return insertProduct(db(), {
      name: product.name,
      price: product.price,
      media: { mainMedia: picture, items: [picture] },
      ...options,
    })
  }

  beforeAll(async () => {
    // The shop's thank-you page, on an origin of the storefront client's allow-list.
    shop = await startSite((path) =>
      path === '/thank-you' ? html('Thank you', '<h1>Thank you!</h1>') : undefined,
    )
    platform = await startPlatform('sqlite', { allowedOrigins: [shop.origin] })
    await db()
      .transaction()
      .execute((trx) => seedDemoCommerce(trx, platform.app.platform.config))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
    await platform?.close()
  })

  it('takes a visitor from the cart through the hosted checkout to the thank-you page', async () => {
    const mug = await demoProduct(
      'stoneware-mug',
      withOption(
        'Color',
        [
          { value: '#ece8e1', description: 'Speckled White' },
          { value: '#263553', description: 'Midnight Blue' },
        ],
        'color',
      ),
    )
    const coffee = await demoProduct('pour-over-coffee-set')
    const { url, checkoutId } = await startVisitorCheckout(
      platform.baseUrl,
      [storesLine(2, mug.id, { Color: 'Midnight Blue' }), storesLine(1, coffee.id)],
      { thankYouPageUrl: `${shop.origin}/thank-you`, cartPageUrl: `${shop.origin}/cart` },
    )

    const { context, page, errors } = await openPage(browser, {
      viewport: { width: 1200, height: 900 },
    })
    try {
      await page.goto(url)
      expect(await page.getByRole('heading', { name: 'Checkout', exact: true }).isVisible()).toBe(
        true,
      )
      expect(await page.getByLabel('E-mail').inputValue()).toBe('ann@example.com')
      await page.getByLabel('Full name').fill('Ann Buyer')
      await page.getByLabel('Address', { exact: true }).fill('120 Mercer Street')
      await page.getByLabel('City').fill('New York')
      await page.getByLabel('Postal code').fill('10012')
      // Each change of country, state or option prices the page again (script, then form post).
      const repriced = (action: () => Promise<unknown>) =>
        Promise.all([page.waitForNavigation(), action()])
      await repriced(() => page.getByLabel('Country').selectOption('US'))
      await repriced(() => page.getByLabel('State / region').selectOption('US-NY'))
      await repriced(() => page.getByLabel(/Express Shipping/).check())
      expect(await page.getByLabel('Full name').inputValue()).toBe('Ann Buyer')
      expect(await page.getByLabel(/Express Shipping/).isChecked()).toBe(true)
      const summary = page.getByRole('complementary')
      // 2 × 24 + 58 = 106; express 14.95; New York 8.875 % of 120.95 = 10.73.
      for (const text of ['Midnight Blue', '$106.00', '$14.95', '$10.73', '$131.68'])
        expect(await summary.textContent()).toContain(text)
      const images = await summary
        .locator('img')
        .evaluateAll((list) =>
          list.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
      expect(images.every((width) => width > 0)).toBe(true)

      await page.getByLabel('Card number').fill('4242 4242 4242 4242')
      await page.getByLabel('Card number').blur()
      await page.evaluate('window.scrollTo(0, 0)')
      await mkdir(dirname(SCREENSHOT), { recursive: true })
      await page.screenshot({ path: SCREENSHOT, fullPage: true })

      await Promise.all([
        page.waitForURL(`${shop.origin}/thank-you?orderId=*`),
        page.getByRole('button', { name: /Place order/ }).click(),
      ])
      const orderId = new URL(page.url()).searchParams.get('orderId')!
      const order = await db()
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      expect(order).toMatchObject({ checkout_id: checkoutId, payment_status: 'PAID' })
      expect(await page.getByRole('heading').textContent()).toBe('Thank you!')

      // Back, after paying: each re-pricing answered with a redirect, so the entry before the
      // thank-you page is a GET of the checkout — which sends the shopper to the order again,
      // never to the browser's "Confirm Form Resubmission" page, and places nothing twice.
      await page.goBack()
      await page.waitForURL(`${shop.origin}/thank-you?orderId=${orderId}`)
      expect(await page.getByRole('heading').textContent()).toBe('Thank you!')
      await page.goBack()
      await page.waitForURL(`${shop.origin}/thank-you?orderId=${orderId}`)
      expect(
        await db()
          .selectFrom('orders')
          .select('id')
          .where('checkout_id', '=', checkoutId)
          .execute(),
      ).toHaveLength(1)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
