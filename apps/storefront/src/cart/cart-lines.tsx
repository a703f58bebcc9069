import type { Cart, LineItem } from '@vitrine/client'
import { useRemoveCartItem, useUpdateCartItemQuantity, useVitrineClient } from '@vitrine/react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { NoPicture } from '../components/no-picture'
import { QuantityStepper } from '../components/quantity-stepper'
import { ErrorNotice } from '../components/notice'
import { lineImage, lineName, lineOptions, linePath } from '../lib/cart-lines'
import { formatAmount, formatMoney, moneyAmount } from '../lib/money'
import { readCartChange } from './cart-form'
import { useCartUi } from './cart-ui'

/** Why a line cannot be bought as it is, if it cannot. */
function availabilityWarning(line: LineItem): string | undefined {
  const { status, quantityAvailable } = line.availability ?? {}
  if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') return 'No longer available'
  if (status === 'PARTIALLY_AVAILABLE' && quantityAvailable !== undefined)
    return `Only ${quantityAvailable} left`
  return undefined
}

function CartLine({ line, currency }: { line: LineItem; currency: string }) {
  const update = useUpdateCartItemQuantity()
  const remove = useRemoveCartItem()
  const { announce } = useCartUi()
  const platform = useVitrineClient()
  const name = lineName(line)
  const options = lineOptions(line)
  const image = lineImage(line, platform)
  const path = linePath(line)
  const quantity = line.quantity ?? 1
  const unit = moneyAmount(line.price)
  const warning = availabilityWarning(line)
  const lineItemId = line.id ?? ''
  const setQuantity = (next: number) =>
    update.mutate(
      { lineItemId, quantity: next },
      { onSuccess: () => announce(`${name}: quantity ${next}`) },
    )
  // The line's form posts to the cart page without the page's script; with it, the same fields
  // become the mutation.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const change = readCartChange(new FormData(event.currentTarget, submitter))
    if (change?.intent === 'quantity') setQuantity(change.quantity)
    else if (change?.intent === 'remove')
      remove.mutate({ lineItemId }, { onSuccess: () => announce(`${name} removed from your cart`) })
  }

  return (
    <li className="cart-line">
      <div className="cart-line__image">
        {image ? <img src={image} alt="" width={120} height={120} loading="lazy" /> : <NoPicture />}
      </div>
      <div className="cart-line__body">
        <div className="cart-line__top">
          <div>
            {path ? (
              <Link className="cart-line__name" to={path}>
                {name}
              </Link>
            ) : (
              <span className="cart-line__name">{name}</span>
            )}
            {options && <p className="cart-line__options">{options}</p>}
          </div>
          <p className="cart-line__price">
            {formatAmount(unit * quantity, currency)}
            {quantity > 1 && (
              <span className="cart-line__unit">{formatMoney(line.price, currency)} each</span>
            )}
          </p>
        </div>
        {warning && <p className="cart-line__warning">{warning}</p>}
        <form method="post" action="/cart" className="cart-line__actions" onSubmit={submit}>
          <input type="hidden" name="line" value={lineItemId} />
          {/* Enter in the quantity field submits this one: the typed quantity. */}
          <button type="submit" hidden>
            Update
          </button>
          <QuantityStepper
            small
            label={`Quantity of ${name}`}
            name="typed"
            stepName="quantity"
            value={quantity}
            max={Math.max(quantity, line.availability?.quantityAvailable ?? 99)}
            onChange={setQuantity}
          />
          <button
            type="submit"
            name="intent"
            value="remove"
            className="link-button"
            disabled={remove.isPending}
          >
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </form>
        <ErrorNotice error={update.error ?? remove.error} />
      </div>
    </li>
  )
}

/** The lines of the cart, each with its quantity stepper and a remove button. */
export function CartLines({ cart }: { cart: Cart }) {
  const currency = cart.currency ?? 'USD'
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {cart.lineItems.map((line) => (
        <CartLine key={line.id} line={line} currency={currency} />
      ))}
    </ul>
  )
}
