import type { Cart, CatalogReference, LineItem } from '@vitrine/client'
import type { CartChange } from './cart-form'

/*
 * What the cart will be once the platform makes a change: shown while the change is posted, then
 * replaced by the cart the action answers. Prices and totals are the platform's to work out: a
 * guess changes quantities and lines only.
 */

/** What a product form adds: the catalog reference, how many, and the name to show meanwhile. */
export interface Addition {
  reference: CatalogReference
  quantity: number
  name?: string
}

const sorted = (value: unknown): string =>
  JSON.stringify(value && typeof value === 'object' ? Object.entries(value).sort() : value)

/** Whether `line` holds the same product, in the same variant or choices, as `reference`. */
function sameItem(line: LineItem, reference: CatalogReference): boolean {
  const theirs = line.catalogReference
  if (theirs?.catalogItemId !== reference.catalogItemId) return false
  const mine = reference.options ?? {}
  const other = theirs.options ?? {}
  if (mine.variantId && other.variantId) return mine.variantId === other.variantId
  return sorted(mine.options) === sorted(other.options)
}

/** `cart` (`null`: none yet) with `addition` in it: more of the same line, or a new line. */
export function guessAddition(cart: Cart | null, { reference, quantity, name }: Addition): Cart {
  const base: Cart = cart ?? { lineItems: [] }
  const same = base.lineItems.find((line) => sameItem(line, reference))
  if (same)
    return {
      ...base,
      lineItems: base.lineItems.map((line) =>
        line === same ? { ...line, quantity: (line.quantity ?? 0) + quantity } : line,
      ),
    }
  const line: LineItem = {
    id: `pending-${reference.catalogItemId}`,
    quantity,
    catalogReference: reference,
    ...(name && { productName: { original: name } }),
  }
  return { ...base, lineItems: [...base.lineItems, line] }
}

/** `cart` with a line's new quantity, or without the line; a code changes nothing until known. */
export function guessChange(cart: Cart | null, change: CartChange): Cart | null {
  if (!cart) return cart
  if (change.intent === 'quantity')
    return {
      ...cart,
      lineItems: cart.lineItems.map((line) =>
        line.id === change.line ? { ...line, quantity: change.quantity } : line,
      ),
    }
  if (change.intent === 'remove')
    return { ...cart, lineItems: cart.lineItems.filter((line) => line.id !== change.line) }
  return cart
}
