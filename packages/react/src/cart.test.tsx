import { act, renderHook, waitFor } from '@testing-library/react'
import type { Product } from '@vitrine/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../../platform/src/test-support/platform.js'
import {
  useAddToCart,
  useApplyCoupon,
  useCheckout,
  useRemoveCartItem,
  useRemoveCoupon,
  useUpdateCartItemQuantity,
} from './cart-mutations.js'
import { useCart, useCartTotals, type CartTotalsInput } from './cart.js'
import { useProduct } from './catalog-item.js'
import { describeError } from './errors.js'
import { gatedFetch, providers, shopperOf, startShop } from './test-support/shop.js'

let platform: TestPlatform
let simple: Product
let tee: Product
const NEW_YORK = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }

beforeAll(async () => {
  platform = await startShop()
  const { result } = renderHook(
    () => [useProduct('pour-over-coffee-set'), useProduct('everyday-organic-tee')] as const,
    { wrapper: providers(shopperOf(platform)) },
  )
  await waitFor(() => expect(result.current.every((query) => query.isSuccess)).toBe(true))
  ;[simple, tee] = result.current.map((query) => query.data!) as [Product, Product]
})
afterAll(() => platform.close())

/** A new visitor's cart hooks, with a fetch whose cart calls a test can hold back. */
async function visitor() {
  const gate = gatedFetch()
  const view = renderHook(
    (totals: CartTotalsInput) => ({
      cart: useCart(),
      // Names the optimistic line of the simple product.
      product: useProduct('pour-over-coffee-set'),
      totals: useCartTotals(totals),
      add: useAddToCart(),
      quantity: useUpdateCartItemQuantity(),
      remove: useRemoveCartItem(),
      coupon: useApplyCoupon(),
      noCoupon: useRemoveCoupon(),
      checkout: useCheckout(),
    }),
    { wrapper: providers(shopperOf(platform, gate.fetch)), initialProps: {} },
  )
  await waitFor(() => expect(view.result.current.cart.isSuccess).toBe(true))
  await waitFor(() => expect(view.result.current.product.isSuccess).toBe(true))
  return { ...view, gate }
}

const lines = (cart: { lineItems: { quantity?: number; pending?: unknown }[] } | null) =>
  cart?.lineItems.map(({ quantity, pending }) => ({ quantity, pending: !!pending })) ?? []

describe('the cart', () => {
  it('is null for a new visitor', async () => {
    const { result } = await visitor()
    expect(result.current.cart.data).toBeNull()
    expect(result.current.totals.fetchStatus).toBe('idle')
  })

  it('shows an added item before the server answers, then the server’s line', async () => {
    const { result, gate } = await visitor()
    const release = gate.hold(/add-to-cart$/)
    act(() => result.current.add.mutate({ productId: simple.id, quantity: 2 }))
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(lines(result.current.cart.data!)).toEqual([{ quantity: 2, pending: true }])
    expect(result.current.cart.data!.lineItems[0]!.productName?.original).toBe(simple.name)
    expect(result.current.add.isPending).toBe(true)

    release()
    await waitFor(() => expect(result.current.add.isSuccess).toBe(true))
    const [line] = result.current.cart.data!.lineItems
    expect(line).toMatchObject({ quantity: 2, catalogReference: { catalogItemId: simple.id } })
    expect(line!.pending).toBeUndefined()
    expect(line!.id).not.toMatch(/^pending-/)
  })

  it('adds up equal items at once, and keeps choices apart', async () => {
    const { result, gate } = await visitor()
    const sage = { options: { Color: 'Sage', Size: 'M' } }
    await act(() =>
      result.current.add.mutateAsync({ productId: tee.id, quantity: 1, options: sage }),
    )
    const release = gate.hold(/add-to-cart$/)
    act(() => result.current.add.mutate({ productId: tee.id, quantity: 2, options: sage }))
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(lines(result.current.cart.data!)).toEqual([{ quantity: 3, pending: false }])
    release()
    await waitFor(() => expect(result.current.add.isSuccess).toBe(true))
    expect(lines(result.current.cart.data!)).toEqual([{ quantity: 3, pending: false }])

    const black = { options: { Color: 'Black', Size: 'M' } }
    await act(() =>
      result.current.add.mutateAsync({ productId: tee.id, quantity: 1, options: black }),
    )
    expect(lines(result.current.cart.data!)).toEqual([
      { quantity: 3, pending: false },
      { quantity: 1, pending: false },
    ])
  })

  it('restores the cart and exposes the error when the server refuses an item', async () => {
    const { result, gate } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    const before = result.current.cart.data!

    const releaseAdd = gate.hold(/add-to-cart$/)
    act(() => result.current.add.mutate({ productId: 'no-such-product', quantity: 1 }))
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(lines(result.current.cart.data!)).toEqual([
      { quantity: 1, pending: false },
      { quantity: 1, pending: true },
    ])
    // The refetch that follows is held too: what shows meanwhile is the rollback's doing.
    const releaseRefetch = gate.hold(/carts\/current$/)
    releaseAdd()
    await waitFor(() => expect(gate.held(/carts\/current$/)).toBe(1))
    expect(result.current.cart.data).toEqual(before)
    releaseRefetch()
    await waitFor(() => expect(result.current.add.isError).toBe(true))
    expect(result.current.cart.data).toEqual(before)
    expect(result.current.add.error).toMatchObject({ name: 'ApiError', code: 'PRODUCT_NOT_FOUND' })
    expect(describeError(result.current.add.error)).toBe('This product is no longer available.')
  })

  it('changes a quantity and removes a line at once, as the server then confirms', async () => {
    const { result, gate } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    await act(() =>
      result.current.add.mutateAsync({
        productId: tee.id,
        quantity: 1,
        options: { options: { Color: 'White', Size: 'S' } },
      }),
    )
    const [simpleLine, teeLine] = result.current.cart.data!.lineItems

    let release = gate.hold(/update-line-items-quantity/)
    act(() => result.current.quantity.mutate({ lineItemId: simpleLine!.id!, quantity: 4 }))
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(result.current.cart.data!.lineItems[0]!.quantity).toBe(4)
    release()
    await waitFor(() => expect(result.current.quantity.isSuccess).toBe(true))
    expect(result.current.cart.data!.lineItems[0]).toMatchObject({
      id: simpleLine!.id,
      quantity: 4,
    })

    release = gate.hold(/remove-line-items/)
    act(() => result.current.remove.mutate({ lineItemId: simpleLine!.id! }))
    await waitFor(() => expect(gate.held()).toBe(1))
    expect(result.current.cart.data!.lineItems.map((line) => line.id)).toEqual([teeLine!.id])
    release()
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true))
    expect(result.current.cart.data!.lineItems.map((line) => line.id)).toEqual([teeLine!.id])
  })

  it('rolls a quantity back when the server refuses it', async () => {
    const { result } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    const [line] = result.current.cart.data!.lineItems
    await act(() =>
      result.current.quantity.mutateAsync({ lineItemId: line!.id!, quantity: -1 }).catch(() => {}),
    )
    await waitFor(() => expect(result.current.quantity.isError).toBe(true))
    expect(result.current.quantity.error).toMatchObject({ kind: 'validation' })
    expect(describeError(result.current.quantity.error)).toMatch(/^Please check what you entered: /)
    expect(result.current.cart.data!.lineItems[0]!.quantity).toBe(1)
  })

  it('estimates totals for an address, and refreshes them after each change', async () => {
    const { result, rerender } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    rerender({ address: NEW_YORK })
    await waitFor(() => expect(result.current.totals.isSuccess).toBe(true))
    await waitFor(() => expect(result.current.totals.isPlaceholderData).toBe(false))
    const first = result.current.totals.data!
    expect(Number(first.priceSummary!.subtotal!.amount)).toBe(priceOf(simple))
    expect(Number(first.priceSummary!.tax!.amount)).toBeGreaterThan(0)
    const options = first.shippingInfo!.carrierServiceOptions!.flatMap((carrier) =>
      carrier.shippingOptions!.map((option) => option.code),
    )
    expect(options).toContain('standard')

    rerender({ address: NEW_YORK, shippingOptionCode: 'express' })
    await waitFor(() =>
      expect(result.current.totals.data!.shippingInfo!.selectedCarrierServiceOption?.code).toBe(
        'express',
      ),
    )

    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    await waitFor(() =>
      expect(Number(result.current.totals.data!.priceSummary!.subtotal!.amount)).toBe(
        2 * priceOf(simple),
      ),
    )
  })

  it('applies a valid coupon to the totals, refuses an unknown one in words, and removes it', async () => {
    const { result, rerender } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 2 }))
    rerender({ address: NEW_YORK })
    await act(() => result.current.coupon.mutateAsync({ code: 'SAVE10' }))
    await waitFor(() =>
      expect(Number(result.current.totals.data?.priceSummary?.discount?.amount)).toBeCloseTo(
        0.2 * priceOf(simple),
      ),
    )

    await act(() => result.current.coupon.mutateAsync({ code: 'NOPE' }).catch(() => {}))
    await waitFor(() => expect(result.current.coupon.isError).toBe(true))
    expect(result.current.coupon.error).toMatchObject({ code: 'COUPON_DOES_NOT_EXIST' })
    expect(describeError(result.current.coupon.error)).toBe('The coupon “NOPE” does not exist.')

    await act(() => result.current.noCoupon.mutateAsync())
    await waitFor(() =>
      expect(Number(result.current.totals.data?.priceSummary?.discount?.amount ?? 0)).toBe(0),
    )
  })

  it('checks out: a checkout and the hosted checkout page’s URL on the platform', async () => {
    const { result } = await visitor()
    await act(() => result.current.add.mutateAsync({ productId: simple.id, quantity: 1 }))
    await waitFor(() => expect(result.current.totals.isSuccess).toBe(true))
    const { checkoutId, redirectUrl } = await act(() =>
      result.current.checkout.mutateAsync({
        thankYouPageUrl: `${location.origin}/thank-you`,
        cartPageUrl: `${location.origin}/cart`,
      }),
    )
    await waitFor(() => expect(result.current.checkout.isSuccess).toBe(true))
    expect(checkoutId).toEqual(expect.any(String))
    expect(redirectUrl.startsWith(`${platform.baseUrl}/`)).toBe(true)
    const page = await fetch(redirectUrl)
    expect(page.status).toBe(200)
  })
})

const priceOf = (product: Product) => product.price!.price!
