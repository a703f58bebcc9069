import type { Cart, LineItem } from '@vitrine/client'
import { useVitrineClient } from '@vitrine/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { Link } from 'react-router'
import { NoPicture } from '../components/no-picture'
import { Notice } from '../components/notice'
import { QuantityStepper } from '../components/quantity-stepper'
import { lineImage, lineName, lineOptions, linePath } from '../lib/cart-lines'
import { formatAmount, formatMoney, moneyAmount } from '../lib/format'
import { readCartChange, type CartAnswer } from './cart-form'
import { useCartUi } from './cart-ui'
import { useCartForm } from './use-cart-form'

/** Why a line cannot be bought as it is, if it cannot. */
function availabilityWarning(line: LineItem): string | undefined {
  const { status, quantityAvailable } = line.availability ?? {}
  if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') return 'No longer available'
  if (status === 'PARTIALLY_AVAILABLE' && quantityAvailable !== undefined)
    return `Only ${quantityAvailable} left`
  return undefined
}

function CartLine({ line, currency }: { line: LineItem; currency: string }) {
  const lineItemId = line.id ?? ''
  const form = useCartForm<CartAnswer>('/cart', { key: `cart-line:${lineItemId}` })
  const { announce } = useCartUi()
  const platform = useVitrineClient()
  const name = lineName(line)
  const options = lineOptions(line)
  const image = lineImage(line, platform)
  const path = linePath(line)
  const quantity = line.quantity ?? 1
  const unit = moneyAmount(line.price)
  const warning = availabilityWarning(line)
  const element = useRef<HTMLFormElement>(null)
  // What to announce once the action answers the quantity posted.
  const told = useRef<string>(undefined)

  // The line's form posts to the cart page's action, with or without the page's script.
  const post = (fields: FormData) => {
    const change = readCartChange(fields)
    if (change?.intent === 'quantity') told.current = `${name}: quantity ${change.quantity}`
    // The line leaves the cart at once, and with it this form: said now.
    if (change?.intent === 'remove') announce(`${name} removed from your cart`)
    form.post(fields)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    post(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter))
  }
  // A quantity typed into the field, taken on blur: the form's fields with it.
  const setQuantity = (next: number) => {
    const fields = new FormData(element.current ?? undefined)
    fields.set('quantity', String(next))
    post(fields)
  }

  const { answer } = form
  useEffect(() => {
    if (!answer || !('cart' in answer) || !told.current) return
    announce(told.current)
    told.current = undefined
  }, [answer, announce])

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
        <form
          ref={element}
          method="post"
          action="/cart"
          className="cart-line__actions"
          onSubmit={submit}
        >
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
          <button type="submit" name="intent" value="remove" className="link-button">
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </form>
        {form.waiting && (
          <p className="notice" role="status">
            You are offline — we’ll change it when you’re back.
          </p>
        )}
        {answer && 'error' in answer && <Notice tone="error">{answer.error}</Notice>}
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
