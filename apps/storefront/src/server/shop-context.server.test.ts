import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { shopPlatformOfFile } from './shop-test-kit'

/*
 * The request's context, against a real platform: one shopper per request, however many loaders
 * and actions ask; their new tokens sent back once, on the answer.
 */

describe('the request context', () => {
  shopPlatformOfFile()

  it('makes one shopper per request and sends their tokens back once', async () => {
    const { shopContext, shopMiddleware } = await import('./shop-context.server')
    const request = new Request('http://127.0.0.1:4173/cart')
    const context = new RouterContextProvider()
    const args = { request, url: new URL(request.url), pattern: '/cart', params: {}, context }
    const response = await shopMiddleware(args, async () => {
      const shop = context.get(shopContext)
      const first = shop.shopper()
      expect(shop.shopper()).toBe(first)
      expect(first.known).toBe(false)
      // Two parts of the page ask the platform: one new visitor.
      await Promise.all([
        first.client.auth.getAuthHeaders(),
        shop.shopper().client.auth.getAuthHeaders(),
      ])
      return new Response('page', { headers: { 'Cache-Control': 'private, no-store' } })
    })
    expect(response?.headers.get('set-cookie')).toMatch(/^vitrine-tokens=[^,]*$/)
    expect(response?.headers.get('cache-control')).toBe('private, no-store')
    expect(await response?.text()).toBe('page')
  })

  it('leaves an answer without a shopper as it is', async () => {
    const { shopMiddleware } = await import('./shop-context.server')
    const request = new Request('http://127.0.0.1:4173/shop')
    const args = { request, url: new URL(request.url), pattern: '/shop', params: {} }
    const page = new Response('page')
    const response = await shopMiddleware(
      { ...args, context: new RouterContextProvider() },
      async () => page,
    )
    expect(response).toBe(page)
  })
})
