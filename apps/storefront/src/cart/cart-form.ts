import { quantityOf } from '../product/add-form'

/** A change to the cart, as its forms post it (with or without the page's script). */
export type CartChange =
  | { intent: 'quantity'; line: string; quantity: number }
  | { intent: 'remove'; line: string }
  | { intent: 'coupon'; code: string }
  | { intent: 'remove-coupon' }

/** The longest line id or coupon code a cart form may carry. */
const MAX_TEXT = 100

const text = (value: FormDataEntryValue | null): string =>
  typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : ''

/**
 * Reads a cart form: `intent` (`quantity` by default), `line`, and the quantity that −/+ submit
 * as `quantity` or that was typed as `typed`; `coupon` for a code. `undefined` if it is none.
 */
export function readCartChange(form: {
  get(name: string): FormDataEntryValue | null
}): CartChange | undefined {
  const intent = text(form.get('intent')) || 'quantity'
  const line = text(form.get('line'))
  if (intent === 'coupon') {
    const code = text(form.get('coupon'))
    return code ? { intent, code } : undefined
  }
  if (intent === 'remove-coupon') return { intent }
  if (!line) return undefined
  if (intent === 'remove') return { intent, line }
  if (intent !== 'quantity') return undefined
  return { intent, line, quantity: quantityOf(form.get('quantity') ?? form.get('typed')) }
}
