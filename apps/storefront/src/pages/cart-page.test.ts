import { describe, expect, it } from 'vitest'
import { newShopper, shopPlatformOfFile, throughShop } from '../server/shop-test-kit'

/*
 * The cart page's action, the one way the shop changes a cart (its forms, with or without the
 * page's script), against a real platform.
 */

/** What the action answers `shopper`'s cart form of `fields`: its status and what it says. */
async function post(
  action: typeof import('./cart-page').action,
  shopper: ReturnType<typeof newShopper>,
  fields: Record<string, string>,
) {
  const { answer } = await throughShop(action, await shopper.request('/cart', fields))
  return answer instanceof Response
    ? { status: answer.status, location: answer.headers.get('location') }
    : { status: answer.init?.status ?? 200, ...answer.data }
}

describe('the cart page’s action', () => {
  const platform = shopPlatformOfFile()

  it("changes the cart, then answers the page's script with the cart, or shows the cart again", async () => {
    const { action } = await import('./cart-page')
    const shopper = newShopper(platform())
    await shopper.addToCart('pour-over-coffee-set')
    const { lineItems } = await shopper.client.currentCart.getCurrentCart()
    const line = lineItems[0]!.id!

    const changed = await post(action, shopper, { line, quantity: '3', answer: 'cart' })
    expect(changed).toEqual({
      status: 200,
      cart: expect.objectContaining({ lineItems: [expect.objectContaining({ quantity: 3 })] }),
    })

    expect(await post(action, shopper, { line, intent: 'remove' })).toEqual({
      status: 303,
      location: '/cart',
    })
    expect((await shopper.client.currentCart.getCurrentCart()).lineItems).toEqual([])
  })

  it('says why a change was refused, to either', async () => {
    const { action } = await import('./cart-page')
    const shopper = newShopper(platform())
    await shopper.addToCart('pour-over-coffee-set')
    for (const answer of [{}, { answer: 'cart' }] as Record<string, string>[])
      expect(await post(action, shopper, { intent: 'coupon', coupon: 'NOPE', ...answer })).toEqual({
        status: 400,
        error: expect.stringMatching(/“NOPE” does not exist/),
      })
    expect(await post(action, shopper, { intent: 'quantity' })).toEqual({
      status: 400,
      error: 'That change is not possible.',
    })
  })
})
