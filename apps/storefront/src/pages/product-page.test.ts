import type { ActionFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { shopPlatformOfFile } from '../server/shop-test-kit'

/*
 * The product page's add-to-cart form posted without the page's script, against a real platform
 * that goes away meanwhile (an instance killed): the shopper is told to try again, not shown an
 * error page.
 */

const SLUG = 'pour-over-coffee-set'

/** What the action answers a new visitor's form post: its status and what it says. */
async function addToCart(action: (args: ActionFunctionArgs) => Promise<unknown>) {
  const request = new Request(`http://127.0.0.1:4173/products/${SLUG}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ quantity: '1' }),
  })
  const result = (await action({ request, params: { slug: SLUG }, context: {} } as never)) as
    Response | { data: { error?: string }; init?: ResponseInit | null }
  return result instanceof Response
    ? { status: result.status, location: result.headers.get('location') }
    : { status: result.init?.status ?? 200, error: result.data.error }
}

describe('adding to the cart without JavaScript', () => {
  const platform = shopPlatformOfFile()

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
