import { createClient, OAuthStrategy } from '@vitrine/client'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  hydrated,
  launchChromium,
  newEmail,
  openShop,
  mail,
  PHONE,
  register,
  registerAndLogOut,
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

/** Adds the pour-over set (no options) to the cart from its page. */
async function addCoffeeSet(page: Page) {
  await page.goto('/products/pour-over-coffee-set')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const drawer = page.getByRole('dialog', { name: /Your cart/ })
  await drawer.getByRole('link', { name: 'Pour-Over Coffee Set' }).waitFor()
  await drawer.getByRole('button', { name: 'Close cart' }).click()
}

/** The account link of the header: "Log in", or the member's name. */
const accountLink = (page: Page) => page.getByRole('banner').locator('.account-link')

describe('a member', () => {
  it('registers with the e-mailed code, logs out, logs in again and finds the cart', async () => {
    const { page, context, problems } = await openShop(browser)
    const email = newEmail('ada')

    // A visitor fills a cart, then joins.
    await addCoffeeSet(page)
    const otherTab = await context.newPage()
    await otherTab.goto('/')
    await expect.poll(() => accountLink(otherTab).textContent(), { timeout: 5_000 }).toBe('Log in')

    await page.goto('/register')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    const { code } = await mail(email, 'VERIFICATION_CODE')
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('Verification code').fill(code!)
    await page.getByRole('button', { name: 'Confirm e-mail' }).click()

    // Logged in: the account shows the profile and the cart the visitor filled.
    await page.waitForURL('**/account')
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor()
    expect(await page.getByText(email).count()).toBe(1)
    await expect.poll(() => page.getByRole('button', { name: /^Cart, 1 item/ }).count()).toBe(1)
    // The other tab learns of the login through the shared storage, without a reload.
    // (The tab is told at once; the wait allows for a busy machine.)
    await expect.poll(() => accountLink(otherTab).textContent(), { timeout: 5_000 }).toMatch(/Ada/)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'account-desktop')
    await page.setViewportSize(PHONE)
    await screenshot(page, 'account-phone')
    await page.setViewportSize(DESKTOP)

    // Logging out goes through the platform's logout page and back to the shop, as a visitor.
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(`${stack().shopUrl}/`)
    await expect.poll(() => accountLink(page).textContent()).toBe('Log in')
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 0 items' }).count()).toBe(1)
    await expect.poll(() => accountLink(otherTab).textContent(), { timeout: 5_000 }).toBe('Log in')

    // Logging in again on the shop's own form finds the cart.
    await accountLink(page).click()
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL('**/account')
    await expect.poll(() => page.getByRole('button', { name: /^Cart, 1 item/ }).count()).toBe(1)
    await page.goto('/cart')
    await page.getByRole('link', { name: 'Pour-Over Coffee Set' }).waitFor()

    expect(problems()).toEqual([])
    await context.close()
  })

  it("shows another tab's login even when its cookie reaches this tab after the tab's message", async () => {
    // A member's tokens cookie, from a browser of their own.
    const elsewhere = await openShop(browser)
    await register(elsewhere.page, newEmail('late'), PASSWORD)
    const cookie = (await elsewhere.context.cookies()).find((c) => c.name === 'vitrine-tokens')
    await elsewhere.context.close()
    expect(cookie).toBeDefined()

    const { page, context, problems } = await openShop(browser)
    await page.goto('/')
    const otherTab = await context.newPage()
    await otherTab.goto('/')
    await Promise.all([hydrated(page), hydrated(otherTab)])
    expect(await accountLink(otherTab).textContent()).toBe('Log in')
    // A tab's cookie write and its message to the other tabs travel apart in Chromium: here the
    // message comes first and the cookie 300 ms later, as a busy browser may deliver them.
    const pair = `${cookie!.name}=${cookie!.value}`
    await page.evaluate(async (pair) => {
      new BroadcastChannel('vitrine').postMessage({ message: 'tokens', detail: pair })
      await new Promise((resolve) => setTimeout(resolve, 300))
      document.cookie = `${pair}; Path=/; SameSite=Lax`
    }, pair)
    await expect
      .poll(() => accountLink(otherTab).textContent(), { timeout: 5_000 })
      .not.toBe('Log in')
    expect(problems()).toEqual([])
    await context.close()
  })

  it('says what is wrong with a wrong password, and signs in through the hosted login page', async () => {
    const { page, context, problems } = await openShop(browser)
    const email = newEmail('grace')
    await registerAndLogOut(page, email, PASSWORD)

    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The e-mail or the password is incorrect.')
    await screenshot(page, 'login-desktop')

    await page.getByRole('button', { name: 'Continue with hosted login' }).click()
    await page.waitForURL(`${stack().platformUrl}/**`)
    const signIn = page.locator('#signin')
    await signIn.getByLabel('E-mail').fill(email)
    await signIn.getByLabel('Password').fill(PASSWORD)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/account')
    await expect.poll(() => accountLink(page).textContent()).not.toBe('Log in')

    // The login the shop's form refused (a 4xx by design) is the only failed answer.
    expect(problems().filter((problem) => !/\/login$/.test(problem))).toEqual([])
    await context.close()
  })

  it('offers the hosted login when the platform wants a captcha, which asks it and signs in', async () => {
    const { page, context, problems } = await openShop(browser)
    const email = newEmail('ida')
    await registerAndLogOut(page, email, PASSWORD)
    // Five wrong passwords for the e-mail: past them, its logins need a captcha (-19971).
    const auth = OAuthStrategy({ clientId: 'demo-storefront' })
    createClient({ modules: {}, auth, baseUrl: stack().platformUrl })
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await auth.login({ email, password: 'wrong' })).errorCode).toBe('invalidPassword')

    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/hosted login/)
    await screenshot(page, 'login-captcha-desktop')

    // The hosted login asks its question (the sign-in needs it for this e-mail), then signs in.
    await page.getByRole('button', { name: 'Continue with hosted login' }).click()
    await page.waitForURL(`${stack().platformUrl}/**`)
    const signIn = page.locator('#signin')
    await signIn.getByLabel('E-mail').fill(email)
    await signIn.getByLabel('Password').fill(PASSWORD)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    const question = await signIn.getByLabel(/^What is \d plus \d\?$/).getAttribute('id')
    const [, a, b] = /What is (\d) plus (\d)/.exec(
      (await signIn.locator(`label[for="${question}"]`).textContent()) ?? '',
    )!
    await signIn.getByLabel(/^What is/).fill(String(Number(a) + Number(b)))
    await signIn.getByLabel('Password').fill(PASSWORD)
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/account')
    await expect.poll(() => accountLink(page).textContent()).not.toBe('Log in')

    // The failed answers are the two by design: the shop's form's login without a captcha, and
    // the hosted page's first sign-in (a 400 with its question).
    expect(problems()).toEqual([
      expect.stringMatching(/^4\d\d POST \S+\/login$/),
      expect.stringMatching(/^400 POST \S+\/_vitrine\/authorize\?session=/),
    ])
    await context.close()
  })

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page, context, problems } = await openShop(browser)
    const email = newEmail('hedy')
    await registerAndLogOut(page, email, PASSWORD)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    // A link renders the next page once its code is there: wait for it, not only for the URL.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText('a reset link is on its way').waitFor()
    const { link } = await mail(email, 'RECOVERY_LINK')
    expect(link).toMatch(new RegExp(`^${stack().shopUrl}/reset-password\\?recoveryToken=`))

    await page.goto(link!)
    await page.getByLabel('New password').fill('a-brand-new-secret')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    await page.getByRole('link', { name: 'Log in' }).last().click()
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill('a-brand-new-secret')
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL('**/account')

    expect(problems()).toEqual([])
    await context.close()
  })
})
