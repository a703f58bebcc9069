import { describe, expect, it } from 'vitest'
import { TestBrowser } from '../../../../packages/platform/src/test-support/browser'
import { newShopper, shopPlatformOfFile, throughShop } from '../server/shop-test-kit'

/*
 * The cart's checkout form (the one way to the checkout, with or without the page's script),
 * against a real platform that goes away meanwhile (an instance killed): the shopper is back on
 * their cart, which says so.
 */

/** Where the checkout form of `shopper`'s cart, with `fields`, leads: the `Location` of its 303. */
async function checkout(
  action: typeof import('./checkout-route').action,
  shopper: ReturnType<typeof newShopper>,
  fields: Record<string, string> = {},
) {
  const { answer } = await throughShop(action, await shopper.request('/checkout', fields))
  return { status: answer.status, location: answer.headers.get('location') }
}

/** The hosted checkout page at `url`, as a browser opens it (its redirects followed). */
async function hostedPage(url: string): Promise<string> {
  const browser = new TestBrowser()
  let answer = await browser.fetch(url)
  for (let hops = 0; answer.status >= 300 && answer.status < 400 && hops < 5; hops++)
    answer = await browser.fetch(new URL(answer.headers.get('location')!, url).href)
  expect(answer.status).toBe(200)
  return answer.text()
}

/** The value of the hosted page's field `name`. */
const valueOf = (page: string, name: string) =>
  new RegExp(`name="${name}"[^>]* value="([^"]*)"`).exec(page)?.[1]

describe('the checkout', () => {
  const platform = shopPlatformOfFile()

  it("carries the estimate's address and delivery and a member's e-mail, and comes back to the shop's URL", async () => {
    const { action } = await import('./checkout-route')
    const shopper = newShopper(platform())
    const email = `checkout.${Date.now()}@example.com`
    await shopper.register(email)
    await shopper.addToCart('pour-over-coffee-set')
    const opened = await checkout(action, shopper, {
      country: 'US',
      subdivision: 'US-NY',
      postalCode: '10012',
      shippingOption: 'express',
    })
    expect(opened.status).toBe(303)
    const page = await hostedPage(opened.location!)
    expect(valueOf(page, 'email')).toBe(email)
    expect(valueOf(page, 'postalCode')).toBe('10012')
    expect(page).toMatch(/name="shipping" value="express"[^>]* checked/)
    expect(page).toContain('http://127.0.0.1:4173/cart')
  })

  it('opens the hosted checkout; with the platform gone, says so on the cart', async () => {
    const { action } = await import('./checkout-route')
    const shopper = newShopper(platform())
    await shopper.addToCart('pour-over-coffee-set')
    const opened = await checkout(action, shopper)
    expect(opened.status).toBe(303)
    expect(opened.location?.startsWith(`${platform().baseUrl}/`)).toBe(true)

    await platform().close()
    expect(await checkout(action, shopper)).toEqual({
      status: 303,
      location: '/cart?checkout=failed',
    })
  })
})
