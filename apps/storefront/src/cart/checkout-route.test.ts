import type { ActionFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { newShopper, shopPlatformOfFile } from '../server/shop-test-kit'

/*
 * The cart's checkout form posted without the page's script, against a real platform that goes
 * away meanwhile (an instance killed): the shopper is back on their cart, which says so.
 */

/** Where the checkout form of `shopper`'s cart leads: the `Location` of its 303. */
async function checkout(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  shopper: ReturnType<typeof newShopper>,
) {
  const { headers } = await shopper.request('/cart')
  const request = new Request('http://127.0.0.1:4173/checkout', {
    method: 'POST',
    headers: {
      cookie: headers.get('cookie')!,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: '',
  })
  const answer = await action({ request, params: {}, context: {} } as ActionFunctionArgs)
  return { status: answer.status, location: answer.headers.get('location') }
}

describe('the checkout without JavaScript', () => {
  const platform = shopPlatformOfFile()

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
