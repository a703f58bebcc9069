import type { Cart } from '@vitrine/client'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Notice } from '../components/notice'
import { useHydrated } from '../lib/hydrated'
import type { CartAnswer } from './cart-form'
import { useCartUi } from './cart-ui'
import { useCartForm } from './use-cart-form'

interface AppliedCoupon {
  code?: string
  name?: string
}

/** The coupon applied to the cart, if any. */
export function appliedCoupon(cart: Cart): AppliedCoupon | undefined {
  for (const discount of (cart.appliedDiscounts ?? []) as { coupon?: AppliedCoupon }[])
    if (discount.coupon?.code) return discount.coupon
  return undefined
}

/**
 * A discount code field, or the applied code with a way to remove it. Both post to the cart page's
 * action, with or without the page's script.
 */
export function CouponForm({ cart, refusal }: { cart: Cart; refusal?: string }) {
  const id = useId()
  const form = useCartForm<CartAnswer>('/cart', { once: true })
  const { announce } = useCartUi()
  const [code, setCode] = useState('')
  const hydrated = useHydrated()
  const coupon = appliedCoupon(cart)
  // What to announce once the action answers.
  const told = useRef<string>(undefined)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const applying = !coupon
    if (applying && !code.trim()) return event.preventDefault()
    told.current = applying ? `Code ${code.trim().toUpperCase()} applied` : 'Discount code removed'
    form.onSubmit(event)
  }

  const { answer } = form
  useEffect(() => {
    if (!answer || !('cart' in answer) || !told.current) return
    announce(told.current)
    told.current = undefined
    setCode('')
  }, [answer, announce])

  const error = answer ? ('error' in answer ? answer.error : undefined) : refusal
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="panel__title" id={`${id}-title`}>
        Discount code
      </h2>
      {coupon ? (
        <form method="post" action="/cart" className="coupon-applied" onSubmit={submit}>
          <span>
            {coupon.code}
            {coupon.name && ` — ${coupon.name}`}
          </span>
          <input type="hidden" name="intent" value="remove-coupon" />
          <button type="submit" className="link-button" disabled={form.busy}>
            Remove<span className="visually-hidden"> code {coupon.code}</span>
          </button>
        </form>
      ) : (
        <form method="post" action="/cart" className="inline-form" onSubmit={submit}>
          <input type="hidden" name="intent" value="coupon" />
          <label className="visually-hidden" htmlFor={`${id}-code`}>
            Discount code
          </label>
          <input
            id={`${id}-code`}
            className="input"
            name="coupon"
            placeholder="Enter code"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={!!error || undefined}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={hydrated && (form.busy || !code.trim())}
          >
            Apply
          </button>
        </form>
      )}
      {form.waiting && (
        <p className="notice" role="status">
          You are offline — we’ll send it when you’re back.
        </p>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </section>
  )
}
