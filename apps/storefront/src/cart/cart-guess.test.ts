import { STORES_APP_ID, type Cart, type LineItem } from '@vitrine/client'
import { describe, expect, it } from 'vitest'
import { guessAddition, guessChange } from './cart-guess'

const reference = (catalogItemId: string, options?: Record<string, unknown>) => ({
  catalogItemId,
  appId: STORES_APP_ID,
  ...(options && { options }),
})

const line = (id: string, quantity: number, extra: Partial<LineItem> = {}): LineItem => ({
  id,
  quantity,
  ...extra,
})

const tee = line('l1', 1, {
  catalogReference: reference('tee', { options: { Size: 'M', Color: 'Sage' } }),
})
const hoodie = line('l2', 2, { catalogReference: reference('hoodie', { variantId: 'v-m' }) })
const cart: Cart = { id: 'c1', lineItems: [tee, hoodie], subtotal: { amount: '84' } }

describe('guessAddition', () => {
  it('adds to the line of the same product in the same choices, in whatever order they came', () => {
    const next = guessAddition(cart, {
      reference: reference('tee', { options: { Color: 'Sage', Size: 'M' } }),
      quantity: 2,
    })
    expect(next.lineItems.map((item) => [item.id, item.quantity])).toEqual([
      ['l1', 3],
      ['l2', 2],
    ])
    // The platform prices it: the subtotal is the cart's until it answers.
    expect(next.subtotal).toEqual({ amount: '84' })
    expect(cart.lineItems[0]!.quantity).toBe(1)
  })

  it('adds to the line of the same variant', () => {
    const next = guessAddition(cart, {
      reference: reference('hoodie', { variantId: 'v-m' }),
      quantity: 1,
    })
    expect(next.lineItems[1]!.quantity).toBe(3)
  })

  it('adds a named line for another choice, another variant or another product', () => {
    for (const other of [
      reference('tee', { options: { Size: 'L', Color: 'Sage' } }),
      reference('hoodie', { variantId: 'v-l' }),
      reference('mug'),
    ]) {
      const next = guessAddition(cart, { reference: other, quantity: 1, name: 'Mug' })
      expect(next.lineItems).toHaveLength(3)
      expect(next.lineItems[2]).toMatchObject({
        quantity: 1,
        catalogReference: other,
        productName: { original: 'Mug' },
      })
    }
  })

  it('starts a cart for a visitor who has none yet', () => {
    expect(guessAddition(null, { reference: reference('mug'), quantity: 4 }).lineItems).toEqual([
      { id: 'pending-mug', quantity: 4, catalogReference: reference('mug') },
    ])
  })
})

describe('guessChange', () => {
  it("sets a line's quantity, or takes the line out", () => {
    expect(
      guessChange(cart, { intent: 'quantity', line: 'l2', quantity: 5 })?.lineItems.map(
        (item) => item.quantity,
      ),
    ).toEqual([1, 5])
    expect(guessChange(cart, { intent: 'remove', line: 'l1' })?.lineItems).toEqual([hoodie])
  })

  it('leaves a discount code, an unknown line and a missing cart to the platform', () => {
    expect(guessChange(cart, { intent: 'coupon', code: 'SAVE10' })).toBe(cart)
    expect(guessChange(cart, { intent: 'remove-coupon' })).toBe(cart)
    expect(guessChange(cart, { intent: 'remove', line: 'nope' })?.lineItems).toEqual(cart.lineItems)
    expect(guessChange(null, { intent: 'remove', line: 'l1' })).toBeNull()
  })
})
