import { QueryClient } from '@tanstack/react-query'
import type { Cart } from '@vitrine/client'
import { vitrineKeys } from '@vitrine/react'
import { redirect } from 'react-router'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { changeCartIn } from './cart-client-action'
import type { CartAnswer } from './cart-form'
import { guessChange } from './cart-guess'

/*
 * The browser's half of the cart's actions, with a real query cache: `serverAction` stands for
 * React Router's post to the action on the server (its answer, or how the post failed).
 */

const cartKey = vitrineKeys.cart()
const totalsKey = vitrineKeys.totals({})
const before: Cart = { lineItems: [{ id: 'l1', quantity: 1 }], subtotal: { amount: '28' } }
const after: Cart = { lineItems: [{ id: 'l1', quantity: 2 }], subtotal: { amount: '56' } }
const twice = (cart: Cart | null) =>
  guessChange(cart, { intent: 'quantity', line: 'l1', quantity: 2 })

/**
 * A page's cache with the cart (unless `loading`) and its totals; `reads` counts the cart's
 * queries.
 */
function page({ loading = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const reads = { count: 0 }
  const cartQuery = {
    queryKey: cartKey,
    queryFn: async () => {
      reads.count++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return before
    },
  }
  if (!loading) queryClient.setQueryData(cartKey, before)
  queryClient.setQueryData(totalsKey, { priceSummary: {} })
  return {
    queryClient,
    cartQuery,
    reads,
    cart: () => queryClient.getQueryData<Cart | null>(cartKey),
  }
}

/** A post whose answer comes when `answer` is called. */
function held<A>() {
  let answer!: (value: A | Promise<A>) => void
  const promise = new Promise<A>((resolve) => (answer = resolve))
  return { post: () => promise, answer }
}

/** What another tab of the shop hears. */
const told: unknown[] = []
const otherTab = new BroadcastChannel('vitrine')
otherTab.onmessage = ({ data }: MessageEvent) => told.push(data)
const settled = () => new Promise((resolve) => setTimeout(resolve, 50))
afterEach(async () => {
  await settled()
  told.length = 0
})
afterAll(() => otherTab.close())

describe('a cart change in the browser', () => {
  it('shows the guess at once, then the cart the action answered, without reading the cart again', async () => {
    const shop = page()
    const post = held<CartAnswer>()
    const changing = changeCartIn(shop, post.post, twice)
    await expect
      .poll(() => shop.cart())
      .toEqual({ ...before, lineItems: [{ id: 'l1', quantity: 2 }] })
    post.answer({ cart: after })
    expect(await changing).toEqual({ cart: after })
    expect(shop.cart()).toEqual(after)
    expect(shop.reads.count).toBe(0)
    // The totals are the platform's to work out again; the other tabs are told.
    expect(shop.queryClient.getQueryState(totalsKey)?.isInvalidated).toBe(true)
    await expect.poll(() => told).toEqual([{ message: 'cart', detail: '' }])
  })

  it('waits for the cart the page is still loading (its visitor’s tokens) before posting', async () => {
    const shop = page({ loading: true })
    // The header's query of a new visitor's cart, under way.
    void shop.queryClient.fetchQuery(shop.cartQuery)
    const posted: (Cart | null | undefined)[] = []
    await changeCartIn(
      shop,
      async () => {
        posted.push(shop.cart())
        return { cart: after }
      },
      twice,
    )
    // Asked once (not again), and the guess made on it.
    expect(shop.reads.count).toBe(1)
    expect(posted).toEqual([{ ...before, lineItems: [{ id: 'l1', quantity: 2 }] }])
    expect(shop.cart()).toEqual(after)
  })

  it('puts the cart back and answers why when the action refuses', async () => {
    const shop = page()
    const answer = await changeCartIn(shop, async () => ({ error: 'That item is gone.' }), twice)
    expect(answer).toEqual({ error: 'That item is gone.' })
    expect(shop.cart()).toEqual(before)
    await settled()
    expect(told).toEqual([])
  })

  it('puts the cart back and says so when the post does not reach the shop', async () => {
    const shop = page()
    const offline = async (): Promise<CartAnswer> => {
      throw new TypeError('Failed to fetch')
    }
    expect(await changeCartIn(shop, offline, twice)).toEqual({
      error: expect.stringMatching(/cannot be reached|offline/),
    })
    expect(shop.cart()).toEqual(before)
  })

  it('keeps a later change’s guess when an earlier post fails', async () => {
    const shop = page()
    const first = held<CartAnswer>()
    const failing = changeCartIn(shop, first.post, twice)
    await expect.poll(() => shop.cart()?.lineItems[0]?.quantity).toBe(2)
    const second = held<CartAnswer>()
    const thrice = (cart: Cart | null) =>
      guessChange(cart, { intent: 'quantity', line: 'l1', quantity: 3 })
    const later = changeCartIn(shop, second.post, thrice)
    await expect.poll(() => shop.cart()?.lineItems[0]?.quantity).toBe(3)
    first.answer({ error: 'Refused.' })
    await failing
    expect(shop.cart()?.lineItems[0]?.quantity).toBe(3)
    second.answer({ cart: after })
    await later
    expect(shop.cart()).toEqual(after)
  })

  it('leaves a redirect and an unexpected failure to React Router, with the cart put back', async () => {
    const shop = page()
    const leaving = changeCartIn(
      shop,
      async () => {
        throw redirect('/cart')
      },
      twice,
    )
    await expect(leaving).rejects.toBeInstanceOf(Response)
    expect(shop.cart()).toEqual(before)
    await expect(
      changeCartIn(shop, async () => {
        throw new Error('Unexpected Server Error')
      }),
    ).rejects.toThrow('Unexpected Server Error')
  })
})
