import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payOnCheckoutPage } from '../../../packages/platform/src/test-support/cart.js'
import { fetchFrom } from '../../../packages/platform/src/test-support/remote-address.js'
import {
  cookiePair,
  postForm,
  signIntoConsole,
  staleTokensCookie,
  toShop,
  type From,
} from './shopper-http'
import { launchChromium, newEmail, openShop, screenshot, stack } from './support'

/*
 * Strangers cannot lock anyone out: wrong admin keys and made-up token cookies slow down the one
 * who sends them, never the merchant's right key or the shop's own reads of orders.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** Runs `task` `count` times, ten at a time; the statuses it answered. */
async function flood(count: number, task: (i: number) => Promise<Response>) {
  const statuses: number[] = []
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => task(start + i))
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status))
  }
  return statuses
}

/** A buyer without JavaScript at `from`: adds a notebook, pays on the hosted checkout. */
async function buy(from: From) {
  const added = await postForm('/products/dot-grid-notebook', { quantity: '1' }, from)
  expect(added.status).toBe(303)
  const cookie = cookiePair(added.headers.get('set-cookie'))
  const checkout = await postForm('/checkout', {}, { ...from, cookie })
  expect(checkout.status).toBe(303)
  const orderId = await payOnCheckoutPage(checkout.headers.get('location')!, newEmail('buyer'))
  return { cookie, orderId }
}

describe('strangers and the merchant', () => {
  it('after 100 wrong keys and 100 unknown tokens from one address, its right key works at once and a buyer’s thank-you page renders', async () => {
    // 127.0.0.3 is no proxy of the shop's: what it sends is counted against it, however many
    // shoppers it might hide.
    const stranger: From = { peer: '127.0.0.3' }
    const buyer = await buy(stranger)

    const wrongAtConsole = await flood(50, (i) => signIntoConsole(`wrong-key-${i}`, stranger))
    const wrongAtPlatform = await flood(50, (i) =>
      fetchFrom('127.0.0.3', `${stack().platformUrl}/stores/v1/products`, {
        method: 'POST',
        headers: { authorization: `wrong-key-${i}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    const madeUp = await flood(100, () =>
      toShop('/cart', { ...stranger, cookie: staleTokensCookie('visitor') }),
    )
    // Past 30 wrong keys the guesser is told to wait; the stale cookies are new visitors' carts.
    expect(
      [...wrongAtConsole, ...wrongAtPlatform].filter((status) => status === 429).length,
    ).toBeGreaterThanOrEqual(60)
    expect(madeUp).toEqual(Array(100).fill(200))

    // The right key, from the same address, at once; and the buyer's thank-you page.
    const right = await signIntoConsole(stack().adminKey, stranger)
    expect(right.status).toBe(200)
    const thanks = await toShop(`/thank-you?orderId=${buyer.orderId}`, {
      ...stranger,
      cookie: buyer.cookie,
    })
    expect(thanks.status).toBe(200)
    const html = await thanks.text()
    expect(html).toContain('Thank you for your order')
    expect(html).toContain('Dot-Grid Notebook')
  })

  it('tells a guesser at the console’s door to wait, in words, and lets the right key in', async () => {
    // This guesser is a shopper behind the shop's trusted proxy (these tests on 127.0.0.1).
    const guesser = '10.77.0.1'
    const statuses = await flood(35, (i) => signIntoConsole(`guess-${i}`, { forwarded: guesser }))
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5)
    const told = await signIntoConsole('one-more-guess', { forwarded: guesser })
    expect(told.status).toBe(429)
    expect(Number(told.headers.get('retry-after'))).toBeGreaterThan(0)
    // Someone else at the door meanwhile is told their key is wrong, not to wait.
    const other = await signIntoConsole('a-typo', { forwarded: '10.77.0.2' })
    expect(other.status).toBe(401)

    const { context, page } = await openShop(browser)
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': guesser })
    await page.goto('/admin')
    await page.getByLabel('Admin key').fill('still-guessing')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/)
    await screenshot(page, 'admin-sign-in-too-many', false)
    await page.getByLabel('Admin key').fill(stack().adminKey)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor()
    await context.close()
  })
})
