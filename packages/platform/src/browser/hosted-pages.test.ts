import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createClient, OAuthStrategy } from '@vitrine/client'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoCommerce } from '../seed/demo-commerce.js'
import { DEMO_PRODUCTS } from '../seed/demo-collections.js'
import { mediaItem, productImages } from '../seed/demo-images.js'
import { insertProduct } from '../test-support/catalog-fixtures.js'
import { startVisitorCheckout, storesLine } from '../test-support/cart.js'
import { launchChromium, openPage } from '../test-support/chromium.js'
import { identityClient, readMailbox, registerMember } from '../test-support/identity.js'
import { startPlatform, type TestPlatform } from '../test-support/platform.js'
import { MEMBER_PASSWORD, screenshotPath } from '../test-support/shop-world.js'

/*
 * Every hosted page in Chromium, on a desktop and on a phone: it looks like the shop (the shop's
 * font stack and its primary button colour, read from the storefront's design tokens), fits the
 * screen, passes axe, and — on the checkout — shows the order's items and total before
 * "Place order". Saves a screenshot of each (`test-output/screenshots/page-<name>-<width>.png`).
 */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const STOREFRONT = 'http://localhost:5173'
const WIDTHS = [1280, 390] as const

/** The shop's design tokens (`--font-sans`, `--color-ink`, …) from its stylesheet. */
async function shopTokens(): Promise<Record<string, string>> {
  const css = await readFile(
    new URL('../../../../apps/storefront/src/styles/tokens.css', import.meta.url),
    'utf8',
  )
  return Object.fromEntries(
    [...css.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.replace(/\s+/g, ' ').trim(),
    ]),
  )
}

/** `#rrggbb` as the `rgb(r, g, b)` a computed style gives. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

/** A font stack as written, compared without its quotes. */
const fontStack = (stack: string) => stack.replace(/["']/g, '').replace(/\s+/g, ' ').trim()

describe('the hosted pages look like the shop', () => {
  let platform: TestPlatform
  let browser: Browser
  let tokens: Record<string, string>

  beforeAll(async () => {
    platform = await startPlatform('sqlite')
    await platform.app.platform.db.kysely
      .transaction()
      .execute((trx) => seedDemoCommerce(trx, platform.app.platform.config))
    browser = await launchChromium()
    tokens = await shopTokens()
  })
  afterAll(async () => {
    await browser?.close()
    await platform?.close()
  })

  /** A new login flow's authorize URL (`prompt=login`). */
  const loginUrl = async () => {
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth, baseUrl: platform.baseUrl })
    const oauthData = await auth.generateOAuthData(`${STOREFRONT}/callback`)
    return (await auth.getAuthUrl(oauthData, { prompt: 'login', responseMode: 'query' })).authUrl
  }

  /** A live recovery link of a new member, on the platform's recovery page. */
  const recoveryUrl = async () => {
    const address = `look-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
    await registerMember(platform.baseUrl, address, MEMBER_PASSWORD)
    await identityClient(platform.baseUrl).recovery.sendRecoveryEmail(address)
    const link = new URL((await readMailbox(platform.baseUrl, address))[0]!.link!)
    return platform.baseUrl + link.pathname + link.search
  }

  /** A checkout of two demo products, with a redirect session to the hosted page. */
  const checkoutUrl = async () => {
    const lines = []
    for (const slug of ['stoneware-mug', 'pour-over-coffee-set']) {
      const product = DEMO_PRODUCTS.find((candidate) => candidate.slug === slug)!
      const picture = mediaItem([...productImages(product).values()].at(-1)!)
      const { id } = await insertProduct(platform.app.platform.db.kysely, {
        name: product.name,
        price: product.price,
        media: { mainMedia: picture, items: [picture] },
      })
      lines.push(storesLine(1, id))
    }
    const { url } = await startVisitorCheckout(platform.baseUrl, lines, {
      thankYouPageUrl: `${STOREFRONT}/thank-you`,
      cartPageUrl: `${STOREFRONT}/cart`,
    })
    return url
  }

  /** The page's accessibility violations by axe, as `rule: targets`. */
  const violations = async (page: Page) => {
    await page.addScriptTag({ path: AXE })
    const result = (await page.evaluate(
      "axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })",
    )) as { violations: { id: string; nodes: { target: string[] }[] }[] }
    return result.violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target)}`)
  }

  /** Opens `url` at `width` (only axe's own script is let past the page's CSP). */
  const open = async (url: string, width: number) => {
    const opened = await openPage(browser, {
      bypassCSP: true,
      viewport: { width, height: width > 600 ? 900 : 844 },
    })
    await opened.page.goto(url)
    return opened
  }

  /** What every hosted page must be: in the shop's font, fitting the screen, axe-clean. */
  const checkLook = async (page: Page, name: string, width: number) => {
    await page.screenshot({ path: await screenshotPath(`page-${name}-${width}`), fullPage: true })
    const look = (await page.evaluate(`({
      font: getComputedStyle(document.body).fontFamily,
      overflow: document.documentElement.scrollWidth - innerWidth,
    })`)) as { font: string; overflow: number }
    expect(fontStack(look.font)).toBe(fontStack(tokens['font-sans']!))
    expect(look.overflow).toBeLessThanOrEqual(0)
    expect(await violations(page)).toEqual([])
  }

  /** The background of the page's primary action (the first `selector`) is the shop's ink. */
  const expectShopButton = async (page: Page, selector: string) => {
    const background = await page.evaluate(
      `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor`,
    )
    expect(background).toBe(rgb(tokens['color-ink']!))
  }

  it.each(WIDTHS)('login, a failed sign-in and register at %i px', async (width) => {
    const { page, context } = await open(await loginUrl(), width)
    try {
      await checkLook(page, 'login', width)
      await expectShopButton(page, '#signin button[type=submit]')
      await page.fill('#login-email', 'nobody@example.com')
      await page.fill('#login-password', 'not the password')
      await Promise.all([page.waitForLoadState('load'), page.click('#signin button')])
      expect(await page.textContent('#login-error')).toBe(
        'The e-mail or the password is incorrect.',
      )
      await checkLook(page, 'login-error', width)
      await page.goto(`${page.url()}#register`)
      expect(await page.isVisible('#register-email')).toBe(true)
      await checkLook(page, 'register', width)
    } finally {
      await context.close()
    }
  })

  it.each(WIDTHS)('recovery: a live link and a dead one at %i px', async (width) => {
    const { page, context } = await open(await recoveryUrl(), width)
    try {
      expect(await page.textContent('h1')).toBe('Choose a new password')
      await checkLook(page, 'recovery', width)
      await expectShopButton(page, 'button[type=submit]')
      await page.goto(`${platform.baseUrl}/_vitrine/recovery?recoveryToken=dead`)
      expect(await page.textContent('h1')).toBe('This link no longer works')
      await checkLook(page, 'recovery-dead', width)
    } finally {
      await context.close()
    }
  })

  it.each(WIDTHS)('the logout page and the dev mailbox at %i px', async (width) => {
    const { page, context } = await open(`${platform.baseUrl}/_vitrine/logout`, width)
    try {
      expect(await page.textContent('h1')).toBe('Not signed out')
      await checkLook(page, 'logout', width)
      await page.goto(`${platform.baseUrl}/_vitrine/mailbox?format=html`)
      await checkLook(page, 'mailbox', width)
    } finally {
      await context.close()
    }
  })

  it.each(WIDTHS)(
    'checkout at %i px: the shop’s look, the items and total before "Place order"',
    async (width) => {
      const { page, context } = await open(await checkoutUrl(), width)
      try {
        await Promise.all([page.waitForNavigation(), page.getByLabel('Country').selectOption('US')])
        await checkLook(page, 'checkout', width)
        const place = page.getByRole('button', { name: /Place order/ })
        await expectShopButton(page, 'button[value=place]')
        const summary = page.getByRole('complementary', { name: 'Order summary' })
        const total = summary.locator('dd.total')
        expect(await total.textContent()).toMatch(/^\$\d+\.\d\d$/)
        const [totalBox, placeBox, summaryBox] = await Promise.all([
          total.boundingBox(),
          place.boundingBox(),
          summary.boundingBox(),
        ])
        if (width < 600) expect(totalBox!.y + totalBox!.height).toBeLessThan(placeBox!.y)
        // On a desktop the summary is the column beside the form.
        else expect(summaryBox!.x).toBeGreaterThan(placeBox!.x + placeBox!.width)
      } finally {
        await context.close()
      }
    },
  )
})
