import { describe, expect, it } from 'vitest'
import { shopPlatformOfFile, throughShop } from '../server/shop-test-kit'

/*
 * The product page's add-to-cart form, against a real platform: posted by the page's script, it
 * answers the cart; posted without it, it shows the cart, and with the platform gone meanwhile (an
 * instance killed) the shopper is told to try again, not shown an error page.
 */

const SLUG = 'pour-over-coffee-set'

/** What the action answers a new visitor's form post: its status and what it says. */
async function addToCart(action: typeof import('./product-page').action) {
  const request = new Request(`http://127.0.0.1:4173/products/${SLUG}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ quantity: '1' }),
  })
  const { answer: result } = await throughShop(action, request, { slug: SLUG })
  return result instanceof Response
    ? { status: result.status, location: result.headers.get('location') }
    : { status: result.init?.status ?? 200, error: 'error' in result.data && result.data.error }
}

describe('adding to the cart', () => {
  const platform = shopPlatformOfFile()

  it("answers the page's script with the cart, and the new visitor's tokens", async () => {
    const { action } = await import('./product-page')
    const { answer, setCookie } = await throughShop(
      action,
      new Request(`http://127.0.0.1:4173/products/${SLUG}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ quantity: '2', answer: 'cart' }),
      }),
      { slug: SLUG },
    )
    const cart = answer instanceof Response || !('cart' in answer.data) ? null : answer.data.cart
    expect(cart?.lineItems).toEqual([
      expect.objectContaining({
        quantity: 2,
        productName: expect.objectContaining({ original: 'Pour-Over Coffee Set' }),
      }),
    ])
    // Once, by the root's middleware: the new visitor's tokens.
    expect(setCookie).toMatch(/^vitrine-tokens=[^,]*$/)
  })

  it('shows the cart; with the platform gone meanwhile, says to try again (503)', async () => {
    const { action } = await import('./product-page')
    expect(await addToCart(action)).toEqual({ status: 303, location: '/cart' })
    // The product is in the server's catalog cache now; the cart's platform goes away.
    await platform().close()
    expect(await addToCart(action)).toEqual({
      status: 503,
      error: expect.stringMatching(/could not (reach|be reached)|try again/i),
    })
  })
})
