import type { Kysely } from 'kysely'
import { parseJson } from '../../db/json.js'
import type { Identity, Schema } from '../../db/schema.js'
import {
  loadCatalog,
  resolveReference,
  type CatalogItem,
  type CatalogReference,
  type CatalogRows,
} from '../catalog/index.js'
import {
  cartDiscounts,
  couponProblem,
  findCoupon,
  type CartDiscounts,
  type CouponRow,
  type MerchantDiscountInput,
} from './discounts.js'
import { catalogPrices } from './lines.js'
import { sum, toMinor, type Minor } from '../../money.js'
import { linesOf, type CartRow, type LineRow } from './store.js'

/** Whose cart it is: the caller's identity. */
export type CartOwner = Pick<Identity, 'id' | 'type' | 'email'>

/**
 * Who changes a cart: its owner, and whether the request is elevated (an API key, alone or after
 * the owner's token, or a site user or app): only then are hidden items named in errors.
 */
export interface Shopper {
  owner: CartOwner
  elevated: boolean
}

/** A cart as rendered and priced: its rows, the catalog now, its discounts. */
export interface CartState {
  cart: CartRow
  /** Its lines, catalog items priced from the catalog now. */
  lines: LineRow[]
  /** The lines whose stored price the catalog has changed since (to be written by a change). */
  repriced: LineRow[]
  owner: CartOwner
  /** What each catalog line's reference resolves to now (undefined: gone from the catalog). */
  catalog: Map<string, CatalogItem | undefined>
  /** The cart's coupon when it applies now; null without one, or when it no longer applies. */
  coupon: CouponRow | null
  merchantDiscounts: MerchantDiscountInput[]
  /** Σ unit price × quantity, in minor units. */
  subtotalMinor: Minor
  discounts: CartDiscounts
}

/** The catalog reference of a line, as it was added. */
export function referenceOf(line: LineRow): CatalogReference | null {
  if (!line.catalog_item_id || !line.app_id) return null
  return {
    catalogItemId: line.catalog_item_id,
    appId: line.app_id,
    ...(line.options && { options: parseJson(line.options, {}) }),
  }
}

/** A line's total before discounts (unit price × quantity), in minor units. */
export const lineTotalMinor = (line: LineRow, currency: string): Minor =>
  toMinor(line.price, currency) * BigInt(line.quantity)

/** `line` priced as the catalog prices `item` now (the line itself when nothing changed). */
function repriced(line: LineRow, item: CatalogItem | undefined, currency: string): LineRow {
  if (!item) return line
  const prices = catalogPrices(item, currency)
  return prices.price === line.price && prices.full_price === line.full_price
    ? line
    : { ...line, ...prices }
}

/**
 * What each catalog line's reference resolves to now (undefined: gone from the catalog). Products
 * in `known` (rows the request has just read) are not read again.
 */
export async function lineCatalog(
  db: Kysely<Schema>,
  lines: readonly LineRow[],
  known?: CatalogRows,
): Promise<Map<string, CatalogItem | undefined>> {
  const catalogLines = lines.filter((line) => line.kind === 'catalog')
  const missing = catalogLines
    .map((line) => line.catalog_item_id!)
    .filter((id) => !known?.products.has(id))
  const rows = await loadCatalog(db, missing)
  for (const [id, product] of known?.products ?? []) rows.products.set(id, product)
  for (const [id, variants] of known?.variants ?? []) rows.variants.set(id, variants)
  const catalog = new Map<string, CatalogItem | undefined>()
  for (const line of catalogLines) {
    const ref = referenceOf(line)
    const item = ref ? resolveReference(rows, ref) : undefined
    catalog.set(line.id, typeof item === 'object' ? item : undefined)
  }
  return catalog
}

/**
 * Reads what a cart needs to be rendered and priced, through `db` (the write's transaction, or the
 * database for reads): its lines (unless given, as the write has just left them), the catalog
 * items of its catalog lines, and its coupon. Catalog lines are priced by the catalog now, never
 * by the price they were added at: a price the merchant fixed applies to every cart at once.
 */
export async function loadState(
  db: Kysely<Schema>,
  cart: CartRow,
  owner: CartOwner,
  known?: CatalogRows,
  knownLines?: LineRow[],
): Promise<CartState> {
  const stored = knownLines ?? (await linesOf(db, cart.id))
  const catalog = await lineCatalog(db, stored, known)
  const currency = cart.currency
  const lines = stored.map((line) => repriced(line, catalog.get(line.id), currency))
  const totals = lines.map((line) => ({ id: line.id, totalMinor: lineTotalMinor(line, currency) }))
  const subtotalMinor = sum(totals.map((line) => line.totalMinor))
  let coupon: CouponRow | null = null
  if (cart.coupon_code) {
    const row = await findCoupon(db, cart.coupon_code)
    if (!couponProblem(row, cart.coupon_code, subtotalMinor, currency)) coupon = row!
  }
  const merchantDiscounts = parseJson<MerchantDiscountInput[]>(cart.merchant_discounts, [])
  const discounts = cartDiscounts(totals, currency, coupon, merchantDiscounts)
  return {
    cart,
    lines,
    repriced: lines.filter((line, index) => line !== stored[index]),
    owner,
    catalog,
    coupon,
    merchantDiscounts,
    subtotalMinor,
    discounts,
  }
}
