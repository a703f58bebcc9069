import { STORES_APP_ID } from '@vitrine/client'
import type { ActionFunctionArgs } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestPlatform } from '../../../../packages/platform/src/test-support/platform'
import { newShopper, startShopPlatform } from '../server/shop-test-kit'

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
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startShopPlatform()
    vi.resetModules()
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await platform.close().catch(() => {})
  })

  it('opens the hosted checkout; with the platform gone, says so on the cart', async () => {
    const { action } = await import('./checkout-route')
    const shopper = newShopper(platform)
    const { items } = await shopper.client.products
      .queryProducts()
      .eq('slug', 'pour-over-coffee-set')
      .find()
    await shopper.client.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: items[0]!.id, appId: STORES_APP_ID } },
      ],
    })
    const opened = await checkout(action, shopper)
    expect(opened.status).toBe(303)
    expect(opened.location?.startsWith(`${platform.baseUrl}/`)).toBe(true)

    await platform.close()
    expect(await checkout(action, shopper)).toEqual({
      status: 303,
      location: '/cart?checkout=failed',
    })
  })
})
