import type { NumericRange, PriceData } from '@vitrine/client'
import { formatAmount } from '../lib/format'

/**
 * A price as the shop shows it: the discounted price next to the struck-through full price when
 * on sale, and "From" when the variants' prices differ (`range`).
 */
export function Price({ price, range }: { price: PriceData | undefined; range?: NumericRange }) {
  if (price?.price === undefined) return null
  const currency = price.currency ?? 'USD'
  const full = price.price
  const now = price.discountedPrice ?? full
  const onSale = now < full
  const from = range?.minValue !== undefined && range.maxValue !== range.minValue
  const nowText =
    (onSale ? price.formatted?.discountedPrice : price.formatted?.price) ??
    formatAmount(now, currency)
  return (
    <span className="price">
      <span className={onSale ? 'price__now--sale' : undefined}>
        {from && 'From '}
        {onSale && <span className="visually-hidden">Sale price </span>}
        {nowText}
      </span>
      {onSale && (
        <s className="price__was">
          <span className="visually-hidden">Regular price </span>
          {price.formatted?.price ?? formatAmount(full, currency)}
        </s>
      )}
    </span>
  )
}
