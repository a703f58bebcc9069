import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { openPage } from '../../../packages/platform/src/test-support/chromium.js'

export { launchChromium } from '../../../packages/platform/src/test-support/chromium.js'
import { readMailbox } from '../../../packages/platform/src/test-support/identity.js'

/** The stack of this run (see `global-setup.ts`). */
export const stack = () => inject('stack')

/** A desktop and a phone viewport. */
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

/** Whether a failed answer is one the shop expects: a visitor without a cart yet. */
const expected = (method: string, url: string, status: number) =>
  status === 404 && method === 'GET' && /\/ecom\/v1\/carts\/current$/.test(url)

/**
 * A fresh shopper: a new browser context (own storage, so own tokens and cart) and a page on the
 * shop. `problems()` lists the page's errors, console errors and failed answers, except the 404
 * that the API answers for the current cart of a visitor who has none (the browser logs it).
 */
export async function openShop(browser: Browser, viewport = DESKTOP) {
  const opened = await openPage(browser, { viewport, baseURL: stack().shopUrl })
  const failures: string[] = []
  opened.context.on('response', (response) => {
    const status = response.status()
    const method = response.request().method()
    if (status >= 400 && !expected(method, response.url(), status))
      failures.push(`${status} ${method} ${response.url()}`)
  })
  return {
    ...opened,
    problems: () => [
      ...opened.errors.filter((error) => !error.startsWith('Failed to load resource')),
      ...failures,
    ],
  }
}

const screenshots = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url))

/**
 * Saves a screenshot of `page` as `test-output/screenshots/<name>.png`: the whole page, or only
 * the viewport (`fullPage: false`, e.g. with the cart drawer open). `scripts: false` for a page
 * without JavaScript (nothing can scroll it first).
 */
export async function screenshot(
  page: Page,
  name: string,
  fullPage = true,
  { scripts = true } = {},
): Promise<void> {
  await mkdir(screenshots, { recursive: true })
  // Pictures load lazily: scroll through the page first so that every one is there.
  if (fullPage && scripts)
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      window.scrollTo(0, 0)
    })
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage })
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** An axe-core violation as the tests report it. */
export interface Violation {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** The serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: axePath })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResult> } })
      .axe
    interface AxeResult {
      violations: {
        id: string
        impact: string
        help: string
        nodes: { target: string[] }[]
      }[]
    }
    const result = await axe.run(document)
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  return violations.filter((violation) => ['serious', 'critical'].includes(violation.impact))
}

/** A unique e-mail address for a new member of this run. */
export const newEmail = (who: string) =>
  `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

/** The newest mail of `kind` to `email` (the dev mailbox, newest first), waiting for it to land. */
export async function mail(email: string, kind: string) {
  let found: Awaited<ReturnType<typeof readMailbox>>[number] | undefined
  await expect
    .poll(async () => {
      found = (await readMailbox(stack().platformUrl, email)).find((item) => item.kind === kind)
      return !!found
    })
    .toBe(true)
  return found!
}

/** Waits until the page has hydrated: the header's cart is a button (a link before). */
/** The header's cart button showing `items` (`'1 item'`), once the page's script runs. */
export const cartButton = (page: Page, items: string) =>
  page.getByRole('banner').getByRole('button', { name: `Cart, ${items}` })

export const hydrated = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, \d+ items?$/ })
    .waitFor()

/** Registers `email` on the shop's form and confirms it with the e-mailed code: signed in. */
export async function register(page: Page, email: string, password: string) {
  await page.goto('/register')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByLabel('Verification code').fill((await mail(email, 'VERIFICATION_CODE')).code!)
  await page.getByRole('button', { name: 'Confirm e-mail' }).click()
  await page.waitForURL('**/account')
}

/** Registers `email` as {@link register} does, then logs out. */
export async function registerAndLogOut(page: Page, email: string, password: string) {
  await register(page, email, password)
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL(`${stack().shopUrl}/`)
}

/**
 * On the hosted checkout page `page` was sent to: fills in `email`, `name` and an address in New
 * York, picks `delivery`, pays with the test card and waits for the shop's thank-you page. The
 * page prices itself again on each change of country, state or delivery (a form post); what the
 * cart's estimate already chose may be filled in.
 */
export async function payOnHostedCheckout(
  page: Page,
  {
    email,
    name,
    delivery = /Standard Shipping/,
  }: { email: string; name: string; delivery?: RegExp },
) {
  await page.waitForURL(`${stack().platformUrl}/_vitrine/checkout/**`)
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Address', { exact: true }).fill('120 Mercer Street')
  await page.getByLabel('City').fill('New York')
  await page.getByLabel('Postal code').fill('10012')
  const reprice = async (current: () => Promise<boolean>, change: () => Promise<unknown>) => {
    if (!(await current())) await Promise.all([page.waitForNavigation(), change()])
  }
  const country = page.getByLabel('Country')
  const state = page.getByLabel('State / region')
  const option = page.getByLabel(delivery)
  await reprice(
    async () => (await country.inputValue()) === 'US',
    () => country.selectOption('US'),
  )
  await reprice(
    async () => (await state.inputValue()) === 'US-NY',
    () => state.selectOption('US-NY'),
  )
  await reprice(
    () => option.isChecked(),
    () => option.check(),
  )
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await Promise.all([
    page.waitForURL(`${stack().shopUrl}/thank-you?orderId=*`),
    page.getByRole('button', { name: /Place order/ }).click(),
  ])
  await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
}

/** Signs in on the merchant console's door with the stack's admin key, and opens the orders. */
export async function openConsoleOrders(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Admin key').fill(stack().adminKey)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor()
  await page
    .getByRole('navigation', { name: 'Sales' })
    .getByRole('link', { name: 'Orders' })
    .click()
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
}
