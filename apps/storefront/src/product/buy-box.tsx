import type { Product, ProductOptionsAvailability } from '@vitrine/client'
import { useAddToCart, useIsOffline } from '@vitrine/react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useCartUi } from '../cart/cart-ui'
import { ErrorNotice, Notice } from '../components/notice'
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
 * options, the quantity and the button. With the page's script, adding opens the cart drawer and
 * announces the change, and a second click while one add runs adds nothing; offline, the addition
 * waits, and says so, until the browser is back online. Without it, the form posts to the page's
 * action, which checks the choices and shows the cart.
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
  const addToCart = useAddToCart()
  const waiting = useIsOffline() && addToCart.isPending
  const { openDrawer, announce } = useCartUi()
  const hydrated = useHydrated()
  const [quantity, setQuantity] = useState(1)
  // A double click sends its second submit before the pending state renders: one add at a time.
  const adding = useRef(false)
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

  const add = (event: FormEvent) => {
    event.preventDefault()
    if (adding.current || !chosen || !inStock) return
    adding.current = true
    // Focus goes back to the button that added once the drawer it opens closes.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const variantId = product.manageVariants ? (selected?.id ?? variant?.id) : undefined
    addToCart.mutate(
      {
        productId: product.id,
        quantity,
        ...(hasOptions && { options: variantId ? { variantId } : { options: choices } }),
      },
      {
        onSuccess: () => {
          announce(`${quantity} × ${name} added to your cart`)
          openDrawer(submitter)
          setQuantity(1)
        },
        onSettled: () => {
          adding.current = false
        },
      },
    )
  }

  // Until the script runs, the button always submits: the server says what is missing.
  const blocked = hydrated && (!chosen || !inStock || addToCart.isPending)
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
          aria-busy={addToCart.isPending}
        >
          {addToCart.isPending && !waiting && <Spinner />}
          {!hydrated
            ? 'Add to cart'
            : !chosen
              ? `Choose ${missing[0]?.toLowerCase()}`
              : inStock
                ? addToCart.isPending
                  ? 'Adding…'
                  : 'Add to cart'
                : 'Sold out'}
        </button>
      </div>
      {waiting && (
        <p className="notice" role="status">
          You are offline — we’ll add it when you’re back.
        </p>
      )}
      {refusal && !addToCart.error && <Notice tone="error">{refusal}</Notice>}
      <ErrorNotice error={addToCart.error} />
    </form>
  )
}
