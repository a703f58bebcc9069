import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Cart, ChannelType, LineItem, OptionType, Product } from '../index.js'
import * as main from '../index.js'
import { createClient, currentCart, products } from './index.js'

describe('@vitrine/client/wix', () => {
  it("has the official modules' enumerations and types under the module's name", () => {
    expectTypeOf<currentCart.Cart>().toEqualTypeOf<Cart>()
    expectTypeOf<currentCart.LineItem>().toEqualTypeOf<LineItem>()
    expectTypeOf<currentCart.ChannelType>().toEqualTypeOf<ChannelType>()
    expectTypeOf<products.Product>().toEqualTypeOf<Product>()
    expectTypeOf<products.OptionType>().toEqualTypeOf<OptionType>()
    // The enumerations typed exactly, on the module and on a bound one.
    expectTypeOf(currentCart.ChannelType.OTHER_PLATFORM).toEqualTypeOf<'OTHER_PLATFORM'>()
    const bound = createClient({}).use(products)
    expect(bound.OptionType.color).toBe('color')
    expectTypeOf(bound.OptionType.color).toEqualTypeOf<'color'>()
    expectTypeOf(bound.getProduct).toEqualTypeOf<ReturnType<typeof main.products.getProduct>>()
  })

  it("shares the main entry's operations; the main entry's modules carry operations only", () => {
    expect(products.getProduct).toBe(main.products.getProduct)
    expect(Object.keys(main.products)).not.toContain('OptionType')
    expectTypeOf<'OptionType'>().not.toExtend<keyof typeof main.products>()
  })
})
