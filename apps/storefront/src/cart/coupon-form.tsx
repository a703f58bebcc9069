import type { Cart } from '@vitrine/client'
import { useApplyCoupon, useRemoveCoupon } from '@vitrine/react'
import { useId, useState, type FormEvent } from 'react'
import { ErrorNotice, Notice } from '../components/notice'
import { useHydrated } from '../lib/hydrated'
import { useCartUi } from './cart-ui'

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

/** A discount code field, or the applied code with a way to remove it. */
export function CouponForm({ cart, refusal }: { cart: Cart; refusal?: string }) {
  const id = useId()
  const apply = useApplyCoupon()
  const remove = useRemoveCoupon()
  const { announce } = useCartUi()
  const [code, setCode] = useState('')
  const hydrated = useHydrated()
  const coupon = appliedCoupon(cart)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed) return
    apply.mutate(
      { code: trimmed },
      {
        onSuccess: () => {
          setCode('')
          announce(`Code ${trimmed.toUpperCase()} applied`)
        },
      },
    )
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 className="panel__title" id={`${id}-title`}>
        Discount code
      </h2>
      {coupon ? (
        <form
          method="post"
          action="/cart"
          className="coupon-applied"
          onSubmit={(event) => {
            event.preventDefault()
            remove.mutate(undefined, { onSuccess: () => announce('Discount code removed') })
          }}
        >
          <span>
            {coupon.code}
            {coupon.name && ` — ${coupon.name}`}
          </span>
          <input type="hidden" name="intent" value="remove-coupon" />
          <button type="submit" className="link-button" disabled={remove.isPending}>
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
            aria-invalid={apply.isError || !!refusal || undefined}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={hydrated && (apply.isPending || !code.trim())}
          >
            Apply
          </button>
        </form>
      )}
      {refusal && !apply.error && <Notice tone="error">{refusal}</Notice>}
      <ErrorNotice error={apply.error ?? remove.error} />
    </section>
  )
}
