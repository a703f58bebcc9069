import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hiddenValue, TestBrowser } from '../../test-support/browser.js'
import { launchChromium, openPage } from '../../test-support/chromium.js'
import {
  identityClient,
  memberIdentityId,
  readMailbox,
  registerMember,
} from '../../test-support/identity.js'
import { DIALECTS, startPlatform, type TestPlatform } from '../../test-support/platform.js'

/*
 * The platform's page of recovery and activation links mailed without a redirect, through real
 * HTTP (cookies kept by hand) on both engines: mailed link → form → new password → login; reuse,
 * two tabs at once, different or short passwords, CSRF, dead links and a new link by e-mail, the
 * link back to a known site. Then once in Chromium.
 */

const OLD = 'old password 1'
const NEW = 'new password 2'
const STOREFRONT = 'http://localhost:5173'
const SCREENSHOT = join(import.meta.dirname, '../../../../../test-output/screenshots')

describe.each(DIALECTS)('the recovery page on %s', (dialect) => {
  let platform: TestPlatform
  let seq = 0
  const email = (tag: string) => `recovery-${tag}-${++seq}-${dialect}@example.com`

  /** A new member of `OLD`, and the platform-page link of a recovery e-mail sent for them. */
  const memberWithLink = async () => {
    const address = email('member')
    await registerMember(platform.baseUrl, address, OLD)
    await identityClient(platform.baseUrl).recovery.sendRecoveryEmail(address)
    return { address, link: await mailedLink(address) }
  }

  /** The newest link mailed to `address`, on this test's platform (the mail has `publicUrl`). */
  const mailedLink = async (address: string) => {
    const link = new URL((await readMailbox(platform.baseUrl, address))[0]!.link!)
    expect(link.pathname).toBe('/_vitrine/recovery')
    return platform.baseUrl + link.pathname + link.search
  }

  const loginState = async (address: string, password: string) =>
    (await identityClient(platform.baseUrl).auth.login({ email: address, password })).loginState

  /** Opens `link` in `browser`: the response and its HTML. */
  const open = async (browser: TestBrowser, link: string) => {
    const response = await browser.fetch(link)
    const html = await response.text()
    return { response, html }
  }

  /** Posts the new-password form of `html` (its hidden fields) with `password` and `confirm`. */
  const setPassword = (browser: TestBrowser, html: string, password: string, confirm = password) =>
    browser.post(`${platform.baseUrl}/_vitrine/recovery`, {
      csrf: hiddenValue(html, 'csrf'),
      form: 'password',
      recoveryToken: hiddenValue(html, 'recoveryToken'),
      ...(html.includes('name="site"') && { site: hiddenValue(html, 'site') }),
      password,
      confirm,
    })

  beforeAll(async () => {
    platform = await startPlatform(dialect)
  })
  afterAll(() => platform.close())

  it('sets the password from the mailed link: the new one signs in, the old one not', async () => {
    const { address, link } = await memberWithLink()
    const browser = new TestBrowser()
    const { response, html } = await open(browser, link)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(html).toContain('<h1>Choose a new password</h1>')
    expect(html).toContain('6 to 100 characters.')
    expect(html).not.toContain('<script')
    expect(html).not.toContain(address)
    for (const id of ['new-password', 'confirm-password'])
      expect(html).toMatch(new RegExp(`<label for="${id}">[^<]+</label><input id="${id}"`))
    expect(browser.cookies.get('vitrine_csrf')?.attributes).toMatch(/HttpOnly/)

    const done = await setPassword(browser, html, NEW)
    expect(done.status).toBe(200)
    const page = await done.text()
    expect(page).toContain('Your password is set. You can sign in now.')
    expect(page).not.toContain(NEW)
    expect(page).not.toContain(new URL(link).searchParams.get('recoveryToken')!)
    expect(await loginState(address, NEW)).toBe('SUCCESS')
    expect(await loginState(address, OLD)).toBe('FAILURE')

    const again = await open(browser, link)
    expect(again.response.status).toBe(400)
    expect(again.html).toContain('This link no longer works')
    const reused = await setPassword(browser, html, 'third password')
    expect(reused.status).toBe(400)
    expect(await reused.text()).toContain('This link no longer works')
    expect(await loginState(address, NEW)).toBe('SUCCESS')
  })

  it('spends a link once when two tabs post it at the same time', async () => {
    const { address, link } = await memberWithLink()
    const browser = new TestBrowser()
    const { html } = await open(browser, link)
    const answers = await Promise.all([
      setPassword(browser, html, 'first tab pw'),
      setPassword(browser, html, 'second tab pw'),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    const winner = answers[0]!.status === 200 ? 'first tab pw' : 'second tab pw'
    const loser = winner === 'first tab pw' ? 'second tab pw' : 'first tab pw'
    expect(await loginState(address, winner)).toBe('SUCCESS')
    expect(await loginState(address, loser)).toBe('FAILURE')
  })

  it('shows the form again for different or too short passwords, echoing nothing', async () => {
    const { address, link } = await memberWithLink()
    const browser = new TestBrowser()
    const { html } = await open(browser, link)
    const differ = await setPassword(browser, html, 'one password', 'another password')
    expect(differ.status).toBe(400)
    const differPage = await differ.text()
    expect(differPage).toContain('The two passwords are not the same.')
    expect(differPage).toMatch(/id="new-password"[^>]*aria-invalid="true"/)
    expect(differPage).not.toContain('one password')
    expect(differPage).not.toContain('another password')

    const short = await setPassword(browser, differPage, 'abc')
    expect(short.status).toBe(400)
    const shortPage = await short.text()
    expect(shortPage).toContain('Choose a password of 6 to 100 characters.')
    const long = await setPassword(browser, shortPage, 'x'.repeat(101))
    expect(long.status).toBe(400)
    expect(await long.text()).toContain('Choose a password of 6 to 100 characters.')

    expect(await loginState(address, OLD)).toBe('SUCCESS')
    expect((await setPassword(browser, shortPage, NEW)).status).toBe(200)
    expect(await loginState(address, NEW)).toBe('SUCCESS')
  })

  it('refuses a post without the CSRF token or cookie, and spends nothing', async () => {
    const { address, link } = await memberWithLink()
    const browser = new TestBrowser()
    const { html } = await open(browser, link)
    const fields = { form: 'password', recoveryToken: hiddenValue(html, 'recoveryToken') }
    const url = `${platform.baseUrl}/_vitrine/recovery`
    const missing = await browser.post(url, { ...fields, password: NEW, confirm: NEW })
    expect(missing.status).toBe(403)
    expect(await missing.text()).toContain('This form could not be verified.')
    const noCookie = await new TestBrowser().post(url, {
      ...fields,
      csrf: hiddenValue(html, 'csrf'),
      password: NEW,
      confirm: NEW,
    })
    expect(noCookie.status).toBe(403)
    const forged = await browser.post(url, { ...fields, csrf: 'x'.repeat(43), password: NEW })
    expect(forged.status).toBe(403)
    expect(await loginState(address, OLD)).toBe('SUCCESS')
    expect((await setPassword(browser, html, NEW)).status).toBe(200)
  })

  it('says an unknown link no longer works and mails a new one, alike for any e-mail', async () => {
    const browser = new TestBrowser()
    for (const link of ['?recoveryToken=not-a-real-token', '']) {
      const { response, html } = await open(browser, `${platform.baseUrl}/_vitrine/recovery${link}`)
      expect(response.status).toBe(400)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(html).toContain('This link no longer works')
      expect(html).toContain('Send a new link')
    }
    const { html } = await open(browser, `${platform.baseUrl}/_vitrine/recovery?recoveryToken=x`)
    const request = (address: string) =>
      browser.post(`${platform.baseUrl}/_vitrine/recovery`, {
        csrf: hiddenValue(html, 'csrf'),
        form: 'request',
        email: address,
      })
    const address = email('again')
    await registerMember(platform.baseUrl, address, OLD)
    const ghost = email('ghost')
    const answers = [await request(address), await request(ghost)]
    const pages = await Promise.all(answers.map((answer) => answer.text()))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(pages[0]).toContain('If an account exists for this e-mail, we sent it a new link')
    const withoutNonce = (page: string) => page.replace(/nonce="[^"]+"/, '')
    expect(withoutNonce(pages[1]!)).toBe(withoutNonce(pages[0]!))
    expect(await readMailbox(platform.baseUrl, ghost)).toEqual([])
    const fresh = await open(browser, await mailedLink(address))
    expect(fresh.html).toContain('Choose a new password')

    const invalid = await request('not-an-email')
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toContain('Enter a valid e-mail address')
  })

  it('says "Set your password" for an activation link', async () => {
    const address = email('activate')
    await registerMember(platform.baseUrl, address, OLD)
    const member = await memberIdentityId(platform.app.platform.db.kysely, address)
    const sent = await fetch(`${platform.baseUrl}/_api/iam/recovery/v1/activation-email`, {
      method: 'POST',
      headers: { authorization: platform.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ identityId: member }),
    })
    expect(sent.status).toBe(200)
    expect((await readMailbox(platform.baseUrl, address))[0]!.kind).toBe('ACTIVATION_LINK')
    const browser = new TestBrowser()
    const { html } = await open(browser, await mailedLink(address))
    expect(html).toContain('<h1>Set your password</h1>')
    expect((await setPassword(browser, html, NEW)).status).toBe(200)
    expect(await loginState(address, NEW)).toBe('SUCCESS')
  })

  it('links back to the site the link was asked from, when the platform knows it', async () => {
    const known = await memberWithLink()
    const browser = new TestBrowser()
    const { html } = await open(browser, `${known.link}&site=${encodeURIComponent(STOREFRONT)}`)
    expect(html).toContain('Storefront')
    expect(hiddenValue(html, 'site')).toBe(STOREFRONT)
    const done = await (await setPassword(browser, html, NEW)).text()
    expect(done).toContain(`<a class="button" href="${STOREFRONT}/">Back to Storefront</a>`)

    const foreign = await memberWithLink()
    const page = await open(browser, `${foreign.link}&site=https%3A%2F%2Fattacker.example`)
    expect(page.html).not.toContain('attacker.example')
    const plain = await (await setPassword(browser, page.html, NEW)).text()
    expect(plain).toContain('Your password is set.')
    expect(plain).not.toContain('<a class="button"')
  })
})

describe('the recovery page in Chromium', () => {
  let platform: TestPlatform
  let chromium: Browser

  beforeAll(async () => {
    platform = await startPlatform('sqlite')
    chromium = await launchChromium()
  })
  afterAll(async () => {
    await chromium?.close()
    await platform?.close()
  })

  it('opens the mailed link, takes the new password and says it is set', async () => {
    const address = 'recovery-chromium@example.com'
    await registerMember(platform.baseUrl, address, OLD)
    await identityClient(platform.baseUrl).recovery.sendRecoveryEmail(address)
    const mailed = new URL((await readMailbox(platform.baseUrl, address))[0]!.link!)
    const { context, page, errors } = await openPage(chromium)
    try {
      await page.goto(platform.baseUrl + mailed.pathname + mailed.search)
      await page.getByLabel('New password', { exact: true }).fill(NEW)
      await page.getByLabel('Confirm the new password').fill(NEW)
      await mkdir(SCREENSHOT, { recursive: true })
      await page.screenshot({ path: join(SCREENSHOT, 'hosted-recovery.png') })
      await page.getByRole('button', { name: 'Set password' }).click()
      await page.getByText('Your password is set. You can sign in now.').waitFor()
      expect(page.url()).toBe(`${platform.baseUrl}/_vitrine/recovery`)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
    expect(
      (await identityClient(platform.baseUrl).auth.login({ email: address, password: NEW }))
        .loginState,
    ).toBe('SUCCESS')
  })
})
