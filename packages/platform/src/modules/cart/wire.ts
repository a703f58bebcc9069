import { parseJson } from '../../db/json.js'
import { wireImage, type WireImage } from '../catalog/index.js'
import { availabilityOf } from './availability.js'
import { lineData } from './lines.js'
import { money, toMinor, type Money } from '../../money.js'
import { lineTotalMinor, referenceOf, type CartState } from './state.js'
import type { LineRow } from './store.js'

/** A cart line item as the wire carries it (wire-contract §1). */
export interface WireLineItem {
  id: string
  quantity: number
  catalogReference?: { catalogItemId: string; appId: string; options?: Record<string, unknown> }
  productName: { original: string; translated: string }
  url?: { relativePath?: string; url?: string }
  price: Money
  fullPrice: Money
  priceBeforeDiscounts: Money
  lineItemPrice: Money
  descriptionLines: unknown[]
  image?: WireImage
  availability: { status: string; quantityAvailable?: number }
  physicalProperties: { weight?: number; sku?: string; shippable: boolean }
  itemType: { preset?: string; custom?: string }
  paymentOption: 'FULL_PAYMENT_ONLINE'
  priceDescription?: { original: string; translated?: string }
  customLineItem?: true
}

/** A discount of the cart (or of a totals estimate) on the wire. */
export type WireDiscount =
  | {
      discountType: 'GLOBAL' | 'SHIPPING'
      coupon: { id: string; code: string; name: string; amount: Money }
    }
  | {
      discountType: 'GLOBAL' | 'SPECIFIC_ITEMS'
      merchantDiscount: { amount: Money }
      lineItemIds?: string[]
    }

/** The cart as the wire carries it: `{cart}` of every cart call. */
export interface WireCart {
  id: string
  lineItems: WireLineItem[]
  buyerInfo: Record<string, string>
  currency: string
  conversionCurrency: string
  buyerLanguage: string
  siteLanguage: string
  taxIncludedInPrices: false
  weightUnit: 'KG'
  subtotal: Money
  subtotalAfterDiscounts: Money
  appliedDiscounts: WireDiscount[]
  contactInfo?: Record<string, unknown>
  buyerNote?: string
  createdDate: string
  updatedDate: string
}

/**
 * The line's picture: a catalog line's as the catalog stores it, in the provider's form — the
 * platform's own with its media id, its path made absolute on `publicUrl` now (rows added before
 * 0016 hold it absolute already, and answer it without an id); a custom line's as its caller sent it.
 */
function lineImage(line: LineRow, publicUrl: string): WireImage | undefined {
  const image = parseJson<WireImage | undefined>(line.image, undefined)
  return image && line.kind === 'catalog' ? wireImage(image, publicUrl) : image
}

function wireLine(line: LineRow, state: CartState, publicUrl: string): WireLineItem {
  const currency = state.cart.currency
  const data = lineData(line)
  const ref = referenceOf(line)
  const image = lineImage(line, publicUrl)
  const url = parseJson<WireLineItem['url'] | undefined>(line.url, undefined)
  const custom = line.kind === 'custom'
  const price = money(toMinor(line.price, currency), currency)
  return {
    id: line.id,
    quantity: line.quantity,
    ...(ref && { catalogReference: ref }),
    productName: { original: line.product_name, translated: line.product_name },
    ...(url && { url }),
    price,
    fullPrice: money(toMinor(line.full_price, currency), currency),
    priceBeforeDiscounts: price,
    lineItemPrice: money(lineTotalMinor(line, currency), currency),
    descriptionLines: data.descriptionLines,
    ...(image && { image }),
    availability: custom
      ? { status: 'AVAILABLE' }
      : availabilityOf(state.catalog.get(line.id), line.quantity),
    physicalProperties: {
      ...(line.weight !== null && { weight: line.weight }),
      ...(line.sku !== null && { sku: line.sku }),
      shippable: data.shippable,
    },
    itemType: data.itemType,
    paymentOption: 'FULL_PAYMENT_ONLINE',
    ...(data.priceDescription && { priceDescription: data.priceDescription }),
    ...(custom && { customLineItem: true as const }),
  }
}

/** `buyerInfo`: the owner by identity type. */
function buyerInfo(state: CartState): Record<string, string> {
  const { id, type, email } = state.owner
  const key =
    type === 'MEMBER'
      ? 'memberId'
      : type === 'WIX_USER'
        ? 'userId'
        : type === 'APP'
          ? 'appId'
          : 'visitorId'
  return { [key]: id, ...(type === 'MEMBER' && email ? { email } : {}) }
}

/**
 * The cart's discounts on the wire: the coupon (with what it takes off the items, or off the
 * shipping for a free-shipping coupon: `shippingDiscountMinor`), then the merchant discounts.
 */
export function wireDiscounts(state: CartState, shippingDiscountMinor = 0n): WireDiscount[] {
  const currency = state.cart.currency
  const { coupon, merchant } = state.discounts
  const list: WireDiscount[] = []
  if (coupon)
    list.push({
      discountType: coupon.freeShipping ? 'SHIPPING' : 'GLOBAL',
      coupon: {
        id: coupon.id,
        code: coupon.row.code,
        name: coupon.row.name,
        amount: money(coupon.freeShipping ? shippingDiscountMinor : coupon.itemsMinor, currency),
      },
    })
  for (const discount of merchant)
    list.push({
      discountType: discount.lineItemIds ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      merchantDiscount: { amount: money(discount.amountMinor, currency) },
      ...(discount.lineItemIds && { lineItemIds: discount.lineItemIds }),
    })
  return list
}

/** The cart as the wire carries it, the platform's own pictures on `publicUrl`. */
export function wireCart(state: CartState, publicUrl: string): WireCart {
  const { cart } = state
  const currency = cart.currency
  const contactInfo = parseJson<Record<string, unknown> | undefined>(cart.contact_info, undefined)
  return {
    id: cart.id,
    lineItems: state.lines.map((line) => wireLine(line, state, publicUrl)),
    buyerInfo: buyerInfo(state),
    currency,
    conversionCurrency: currency,
    buyerLanguage: 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: false,
    weightUnit: 'KG',
    subtotal: money(state.subtotalMinor, currency),
    subtotalAfterDiscounts: money(state.subtotalMinor - state.discounts.itemsMinor, currency),
    appliedDiscounts: wireDiscounts(state),
    ...(contactInfo && { contactInfo }),
    ...(cart.buyer_note !== null && { buyerNote: cart.buyer_note }),
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
  }
}
