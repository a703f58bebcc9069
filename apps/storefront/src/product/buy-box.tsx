import type { Product, ProductOptionsAvailability } from '@vitrine/client'
import { useAddToCart, useIsOffline } from '@vitrine/react'
import { useState } from 'react'
import { useCartUi } from '../cart/cart-ui'
import { QuantityStepper } from '../components/quantity-stepper'
import { ErrorNotice } from '../components/notice'
import { Spinner } from '../components/status'
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
 * The stock, quantity and add-to-cart of a product for the chosen options; adding opens the cart
 * drawer and announces the change. Offline, the addition waits, and says so, until the browser is
 * back online.
 */
export function BuyBox({
  product,
  choices,
  missing,
  availability,
}: {
  product: Product
  choices: Record<string, string>
  /** The options not chosen yet. */
  missing: string[]
  availability: ProductOptionsAvailability | undefined
}) {
  const addToCart = useAddToCart()
  const waiting = useIsOffline() && addToCart.isPending
  const { openDrawer, announce } = useCartUi()
  const [quantity, setQuantity] = useState(1)
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

  const add = () => {
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
          openDrawer()
          setQuantity(1)
        },
      },
    )
  }

  return (
    <div className="buy-box">
      {(chosen || !hasOptions) && (
        <p className={`stock stock--${stock.tone}`} role="status">
          {stock.text}
        </p>
      )}
      <div className="buy-box__row">
        <QuantityStepper
          label="Quantity"
          value={quantity}
          onChange={setQuantity}
          max={stockQuantity && stockQuantity > 0 ? Math.min(99, stockQuantity) : 99}
          disabled={chosen && !inStock}
        />
        <button
          type="button"
          className="button button--primary button--large"
          disabled={!chosen || !inStock || addToCart.isPending}
          aria-busy={addToCart.isPending}
          onClick={add}
        >
          {addToCart.isPending && !waiting && <Spinner />}
          {!chosen
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
      <ErrorNotice error={addToCart.error} />
    </div>
  )
}
