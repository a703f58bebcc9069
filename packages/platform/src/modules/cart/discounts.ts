import { createHash } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import {
  allocate,
  min,
  money,
  parseAmount,
  percentOf,
  sum,
  toMinor,
  type Minor,
} from '../../money.js'
import type { CouponsTable } from './tables.js'

/** A row of `coupons`. */
export type CouponRow = Selectable<CouponsTable>

/** A merchant discount as `PATCH` sets it and `carts.merchant_discounts` keeps it. */
export interface MerchantDiscountInput {
  /** Decimal string in the site currency, e.g. `'5.00'`. */
  amount: string
  /** The line items it applies to; all of them when absent. */
  lineItemIds?: string[]
}

/** A line's undiscounted total (unit price × quantity), in minor units. */
export interface PricedLine {
  id: string
  totalMinor: Minor
}

/** The discounts of a cart, in minor units. */
export interface CartDiscounts {
  coupon: { row: CouponRow; id: string; itemsMinor: Minor; freeShipping: boolean } | null
  merchant: { amountMinor: Minor; lineItemIds: string[] | null }[]
  /** Everything taken off the items (coupon and merchant discounts); never above the subtotal. */
  itemsMinor: Minor
  /** That amount, split over the lines (line id → minor units). */
  perLine: Map<string, Minor>
}

/** The coupon of `code`, whatever its case. */
export function findCoupon(db: Kysely<Schema>, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', code.trim().toUpperCase())
    .executeTakeFirst()
}

/** The provider-style id of a coupon: a GUID derived from its code, stable across restarts. */
export function couponId(code: string): string {
  const hex = createHash('sha1').update(code.toUpperCase()).digest('hex')
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-')
}

/**
 * Why `coupon` (looked up for `code`) cannot apply to a cart of `subtotalMinor`, as the error to
 * answer; `null` when it applies. Codes: `COUPON_DOES_NOT_EXIST`, `COUPON_IS_DISABLED`,
 * `COUPON_HAS_EXPIRED`, `COUPON_MINIMUM_SUBTOTAL_NOT_REACHED`.
 */
export function couponProblem(
  coupon: CouponRow | undefined,
  code: string,
  subtotalMinor: Minor,
  currency: string,
  now = new Date(),
): PlatformError | null {
  const fail = (errorCode: string, description: string, data: Record<string, unknown> = {}) =>
    PlatformError.application(400, errorCode, description, { couponCode: code, ...data })
  if (!coupon) return fail('COUPON_DOES_NOT_EXIST', `Coupon "${code}" does not exist`)
  if (coupon.active !== 1) return fail('COUPON_IS_DISABLED', `Coupon "${code}" is not active`)
  if (coupon.expires_at && coupon.expires_at <= now.toISOString())
    return fail('COUPON_HAS_EXPIRED', `Coupon "${code}" has expired`)
  const minimum = coupon.minimum_subtotal === null ? 0n : toMinor(coupon.minimum_subtotal, currency)
  if (subtotalMinor < minimum) {
    const needed = money(minimum, currency)
    return fail(
      'COUPON_MINIMUM_SUBTOTAL_NOT_REACHED',
      `Coupon "${code}" needs a subtotal of at least ${needed.formattedAmount}`,
      { minimumSubtotal: needed },
    )
  }
  return null
}

function couponItemsDiscount(coupon: CouponRow, subtotalMinor: Minor, currency: string): Minor {
  if (coupon.type === 'percentage')
    return percentOf(subtotalMinor, Math.min(100, Math.max(0, coupon.value)))
  if (coupon.type === 'amount')
    return min(subtotalMinor, toMinor(Math.max(0, coupon.value), currency))
  return 0n
}

/**
 * The discounts of a cart: the coupon (a valid one; `percentage` and `amount` coupons take off
 * the items, `free_shipping` the shipping) first, then each merchant discount, capped by what is
 * left of the lines it targets. Each amount is split over its lines in proportion.
 */
export function cartDiscounts(
  lines: readonly PricedLine[],
  currency: string,
  coupon: CouponRow | null,
  merchantDiscounts: readonly MerchantDiscountInput[],
): CartDiscounts {
  const subtotal = sum(lines.map((line) => line.totalMinor))
  const left = new Map(lines.map((line) => [line.id, line.totalMinor]))
  const perLine = new Map(lines.map((line) => [line.id, 0n]))
  const take = (amount: Minor, targets: readonly PricedLine[]) => {
    const shares = allocate(
      amount,
      targets.map((line) => left.get(line.id)!),
    )
    targets.forEach((line, index) => {
      left.set(line.id, left.get(line.id)! - shares[index]!)
      perLine.set(line.id, perLine.get(line.id)! + shares[index]!)
    })
  }

  let applied: CartDiscounts['coupon'] = null
  if (coupon) {
    const itemsMinor = couponItemsDiscount(coupon, subtotal, currency)
    take(itemsMinor, lines)
    applied = {
      row: coupon,
      id: couponId(coupon.code),
      itemsMinor,
      freeShipping: coupon.type === 'free_shipping',
    }
  }
  const merchant = merchantDiscounts.map((discount) => {
    const targets = discount.lineItemIds
      ? lines.filter((line) => discount.lineItemIds!.includes(line.id))
      : lines
    const room = sum(targets.map((line) => left.get(line.id)!))
    const amountMinor = min(room, parseAmount(discount.amount, currency))
    take(amountMinor, targets)
    return { amountMinor, lineItemIds: discount.lineItemIds ?? null }
  })
  const itemsMinor = sum(perLine.values())
  return { coupon: applied, merchant, itemsMinor, perLine }
}
