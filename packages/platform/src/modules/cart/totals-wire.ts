import { availabilityOf } from './availability.js'
import { money, toMinor, type Minor, type Money } from '../../money.js'
import { CARRIER_ID, taxOf, type Pricing, type ShippingChoice } from './pricing.js'
import { lineTotalMinor, type CartState } from './state.js'
import { wireCart, wireDiscounts, type WireCart, type WireDiscount } from './wire.js'

/** A shipping option as a totals estimate carries it. */
export interface WireShippingOption {
  code: string
  title: string
  logistics: {
    deliveryTime: string
    pickupDetails?: { address: Record<string, unknown>; pickupMethod: string }
  }
  cost: { price: Money; totalPriceBeforeTax: Money; totalPriceAfterTax: Money }
  carrierId?: string
  requestedShippingOption?: boolean
}

/** The answer of `POST /ecom/v1/carts/current/estimate-totals`. */
export interface WireEstimate {
  cart: WireCart
  calculatedLineItems: unknown[]
  priceSummary: Record<
    'subtotal' | 'shipping' | 'tax' | 'discount' | 'total' | 'additionalFees',
    Money
  >
  shippingInfo: {
    region?: { id: string; name: string }
    selectedCarrierServiceOption?: WireShippingOption
    carrierServiceOptions: { carrierId: string; shippingOptions: WireShippingOption[] }[]
  }
  appliedDiscounts: WireDiscount[]
  calculationErrors?: Record<string, unknown>
  taxSummary: Record<string, unknown>
  weightUnit: 'KG'
  currency: string
  payNow: Money
  payLater: Money
  membershipOptions: Record<string, unknown>
  additionalFees: unknown[]
  violations: unknown[]
}

function violations(state: CartState): unknown[] {
  return state.lines.flatMap((line) => {
    if (line.kind !== 'catalog') return []
    const { status, quantityAvailable } = availabilityOf(state.catalog.get(line.id), line.quantity)
    if (status === 'AVAILABLE') return []
    const description =
      status === 'PARTIALLY_AVAILABLE'
        ? `Only ${quantityAvailable} of "${line.product_name}" are available`
        : `"${line.product_name}" is no longer available`
    return [
      {
        severity: status === 'PARTIALLY_AVAILABLE' ? 'WARNING' : 'ERROR',
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: line.id } },
        description,
      },
    ]
  })
}

/** The estimate-totals answer for `state` priced as `pricing` (pictures on `publicUrl`). */
export function wireEstimate(state: CartState, pricing: Pricing, publicUrl: string): WireEstimate {
  const currency = state.cart.currency
  const m = (minor: Minor) => money(minor, currency)
  const t = pricing.totals
  const rate = t.taxRule ? String(t.taxRule.rate / 100) : '0'
  const option = (choice: ShippingChoice): WireShippingOption => ({
    code: choice.code,
    title: choice.title,
    logistics: {
      deliveryTime: choice.deliveryTime ?? '',
      ...(choice.pickup && { pickupDetails: choice.pickup }),
    },
    cost: {
      price: m(choice.priceMinor),
      totalPriceBeforeTax: m(choice.priceMinor),
      totalPriceAfterTax: m(choice.priceMinor + taxOf(choice.priceMinor, t.taxRule)),
    },
  })
  const wanted = t.shipping?.selected
  return {
    cart: wireCart(state, publicUrl),
    calculatedLineItems: state.lines.map((line) => {
      const priced = t.lines.get(line.id)!
      return {
        lineItemId: line.id,
        pricesBreakdown: {
          price: m(toMinor(line.price, currency)),
          fullPrice: m(toMinor(line.full_price, currency)),
          priceBeforeDiscounts: m(toMinor(line.price, currency)),
          lineItemPrice: m(lineTotalMinor(line, currency)),
          totalDiscount: m(priced.discountMinor),
          totalPriceBeforeTax: m(priced.totalMinor),
          totalPriceAfterTax: m(priced.totalMinor + priced.taxMinor),
          taxDetails: {
            taxableAmount: m(priced.totalMinor),
            taxRate: rate,
            totalTax: m(priced.taxMinor),
          },
        },
        paymentOption: 'FULL_PAYMENT_ONLINE',
      }
    }),
    priceSummary: {
      subtotal: m(t.subtotalMinor),
      shipping: m(t.shippingMinor),
      tax: m(t.taxMinor),
      discount: m(t.itemsDiscountMinor + t.shippingDiscountMinor),
      total: m(t.totalMinor),
      additionalFees: m(0n),
    },
    shippingInfo: {
      ...(t.shipping?.country && {
        region: { id: t.shipping.country, name: t.shipping.country },
      }),
      ...(t.selected && {
        selectedCarrierServiceOption: {
          ...option(t.selected),
          carrierId: t.selected.carrierId,
          requestedShippingOption: wanted?.code === t.selected.code,
        },
      }),
      carrierServiceOptions: t.shipping?.choices.length
        ? [{ carrierId: CARRIER_ID, shippingOptions: t.shipping.choices.map(option) }]
        : [],
    },
    appliedDiscounts: wireDiscounts(state, t.shippingDiscountMinor),
    ...(t.shipping?.error && {
      calculationErrors: {
        shippingCalculationError: {
          applicationError: { ...t.shipping.error, data: {} },
        },
      },
    }),
    taxSummary: {
      taxableAmount: m(t.taxableMinor),
      totalTax: m(t.taxMinor),
      calculationDetails: t.taxRule
        ? { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }
        : { rateType: 'NO_TAX_COLLECTED' },
    },
    weightUnit: 'KG',
    currency,
    payNow: m(t.totalMinor),
    payLater: m(0n),
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    },
    additionalFees: [],
    violations: violations(state),
  }
}
