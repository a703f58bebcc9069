import type { Product, ProductOptionsAvailability } from '@vitrine/client'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useFormAction } from 'react-router'
import type { CartAnswer } from '../cart/cart-form'
import { useCartUi } from '../cart/cart-ui'
import { useCartForm } from '../cart/use-cart-form'
import { Notice } from '../components/notice'
import { QuantityStepper } from '../components/quantity-stepper'
import { Spinner } from '../components/status'
import { useHydrated } from '../lib/hydrated'
import { MAX_QUANTITY } from './add-form'
import { variantOf } from './choices'

const LOW_STOCK = 5

/** What the stock line says, and its tone. */
function stockText(inStock: boolean, quantity: number | undefined) {
  if (!inStock) return { text: 'Out of stock', tone: 'out' }
  if (quantity !== undefined && quantity <= LOW_STOCK)
    return { text: `Only ${quantity} left`, tone: 'low' }
  return { text: 'In stock, ready to ship', tone: 'in' }
}

/**
 * The add-to-cart form of a product: its option pickers (`children`), the stock for the chosen
 * options, the quantity and the button. It posts to the page's action, which checks the choices
 * and adds to the cart. Without the page's script that action then shows the cart; with it, the
 * page stays, the cart shows the addition at once, the drawer opens on the action's answer and the
 * change is announced; a second click while one add runs adds nothing; offline, the addition waits,
 * and says so, until the browser is back online.
 */
export function BuyBox({
  product,
  choices,
  missing,
  availability,
  refusal,
  children,
}: {
  product: Product
  choices: Record<string, string>
  /** The options not chosen yet. */
  missing: string[]
  availability: ProductOptionsAvailability | undefined
  /** Why the server refused the form posted without the script, if it did. */
  refusal?: string
  children: ReactNode
}) {
  const form = useCartForm<CartAnswer>(useFormAction(), { once: true })
  const { openDrawer, announce } = useCartUi()
  const hydrated = useHydrated()
  const [quantity, setQuantity] = useState(1)
  // What the post being answered added, and the button that sent it (focus goes back to it once
  // the drawer it opens closes).
  const adding = useRef<{ quantity: number; from: HTMLElement | null }>(undefined)
  const hasOptions = (product.productOptions?.length ?? 0) > 0
  const chosen = missing.length === 0
  const variant = hasOptions && chosen ? variantOf(product, choices) : undefined
  const selected = availability?.selectedVariant

  const inStock = !hasOptions
    ? product.stock?.inStock !== false
    : chosen &&
      (availability?.availableForPurchase ?? selected?.inStock ?? variant?.stock?.inStock ?? false)
  const tracked = hasOptions ? variant?.stock?.trackQuantity : product.stock?.trackInventory
  const stockQuantity = tracked
    ? hasOptions
      ? variant?.stock?.quantity
      : product.stock?.quantity
    : undefined
  const stock = stockText(inStock, stockQuantity)
  const name = product.name ?? 'Item'

  const add = (event: FormEvent<HTMLFormElement>) => {
    if (!chosen || !inStock) return event.preventDefault()
    adding.current = { quantity, from: (event.nativeEvent as SubmitEvent).submitter }
    form.onSubmit(event)
  }

  const { answer } = form
  useEffect(() => {
    const added = adding.current
    if (!answer || !('cart' in answer) || !added) return
    adding.current = undefined
    announce(`${added.quantity} × ${name} added to your cart`)
    openDrawer(added.from)
    setQuantity(1)
  }, [answer, announce, openDrawer, name])

  const error = answer ? ('error' in answer ? answer.error : undefined) : refusal
  // Until the script runs, the button always submits: the server says what is missing.
  const blocked = hydrated && (!chosen || !inStock || form.busy)
  return (
    <form method="post" className="buy-box" onSubmit={add}>
      {children}
      {(chosen || !hasOptions) && (
        <p className={`stock stock--${stock.tone}`} role="status">
          {stock.text}
        </p>
      )}
      <div className="buy-box__row">
        <QuantityStepper
          label="Quantity"
          name="quantity"
          value={quantity}
          onChange={setQuantity}
          max={
            stockQuantity && stockQuantity > 0
              ? Math.min(MAX_QUANTITY, stockQuantity)
              : MAX_QUANTITY
          }
          disabled={hydrated && chosen && !inStock}
        />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={blocked}
          aria-busy={form.busy}
        >
          {form.busy && !form.waiting && <Spinner />}
          {!hydrated
            ? 'Add to cart'
            : !chosen
              ? `Choose ${missing[0]?.toLowerCase()}`
              : inStock
                ? form.busy
                  ? 'Adding…'
                  : 'Add to cart'
                : 'Sold out'}
        </button>
      </div>
      {form.waiting && (
        <p className="notice" role="status">
          You are offline — we’ll add it when you’re back.
        </p>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </form>
  )
}
