import type { Cart } from '@vitrine/client'

/** How many items the cart holds (quantities added up). */
export const itemCount = (cart: Cart | null | undefined): number =>
  cart?.lineItems.reduce((sum, line) => sum + (line.quantity ?? 0), 0) ?? 0
