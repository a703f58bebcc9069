import type { EstimateTotalsResponse } from '@vitrine/client'
import { formatMoney, moneyAmount } from '../lib/format'

/** The first human-readable text in a totals estimate's `calculationErrors`, if any. */
export function calculationProblem(
  errors: Record<string, unknown> | undefined,
): string | undefined {
  if (!errors) return undefined
  const texts: string[] = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || !value || typeof value !== 'object') return
    for (const [key, inner] of Object.entries(value))
      if ((key === 'description' || key === 'message') && typeof inner === 'string')
        texts.push(inner)
      else visit(inner, depth + 1)
  }
  visit(errors, 0)
  return (
    texts[0] ??
    (Object.keys(errors).length ? 'Part of the total could not be worked out.' : undefined)
  )
}

/**
 * Subtotal, discount, shipping, tax and total of a totals estimate. Without an address, shipping
 * and tax say how they will be known.
 */
export function OrderSummary({
  totals,
  hasAddress,
  busy,
}: {
  totals: EstimateTotalsResponse | undefined
  hasAddress: boolean
  busy: boolean
}) {
  const summary = totals?.priceSummary
  const currency = totals?.currency ?? totals?.cart?.currency ?? 'USD'
  const discount = moneyAmount(summary?.discount)
  // Without an address the platform says it needs one: the shipping form already asks for it.
  const problem = hasAddress ? calculationProblem(totals?.calculationErrors) : undefined
  const pending = 'Needs your address'
  return (
    <>
      <dl className="totals" aria-busy={busy} aria-label="Order totals">
        <div className="totals__row">
          <dt>Subtotal</dt>
          <dd>{formatMoney(summary?.subtotal, currency)}</dd>
        </div>
        {discount > 0 && (
          <div className="totals__row totals__row--discount">
            <dt>Discount</dt>
            <dd>−{formatMoney(summary?.discount, currency)}</dd>
          </div>
        )}
        <div className="totals__row">
          <dt>Shipping</dt>
          <dd>
            {hasAddress
              ? moneyAmount(summary?.shipping) === 0
                ? 'Free'
                : formatMoney(summary?.shipping, currency)
              : pending}
          </dd>
        </div>
        <div className="totals__row">
          <dt>Tax</dt>
          <dd>{hasAddress ? formatMoney(summary?.tax, currency) : pending}</dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>{hasAddress ? 'Total' : 'Estimated total'}</dt>
          <dd>{formatMoney(summary?.total, currency)}</dd>
        </div>
      </dl>
      {problem && <p className="field__hint">{problem}</p>}
    </>
  )
}
