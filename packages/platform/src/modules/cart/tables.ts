/*
 * Commerce tables: carts and their line items, coupons, shipping and tax rules, and checkouts.
 * Money is a plain number in the site currency. Migration: db/migrations/0003-commerce.ts.
 */

/** A cart: at most one per identity (visitor or member). */
export interface CartsTable {
  id: string
  /** Unique: the visitor or member it belongs to. */
  owner_identity_id: string
  currency: string
  coupon_code: string | null
  buyer_note: string | null
  /** JSON `{address?, contactDetails?}` or null. */
  contact_info: string | null
  /** JSON `[{amount, lineItemIds?}]` of merchant discounts, or null. */
  merchant_discounts: string | null
  created_date: string
  updated_date: string
}

/** A line of a cart: a catalog item (price snapshot at add time) or a custom line item. */
export interface CartLineItemsTable {
  id: string
  cart_id: string
  position: number
  /** `catalog` | `custom` */
  kind: string
  /** catalogReference.catalogItemId / appId / options (JSON) for catalog items. */
  catalog_item_id: string | null
  app_id: string | null
  options: string | null
  /** Canonical form of the reference; equal items merge by it. */
  merge_key: string
  quantity: number
  product_name: string
  /** Unit price snapshot (after the product's discount) and the undiscounted price. */
  price: number
  full_price: number
  sku: string | null
  weight: number | null
  /** JSON wire `image` object or null. */
  image: string | null
  /** JSON `{relativePath, url}` or null. */
  url: string | null
  /** JSON of the remaining wire fields (descriptionLines, itemType, physicalProperties, …). */
  data: string
  created_date: string
}

/** A coupon code. `type` `percentage` | `amount` | `free_shipping`. */
export interface CouponsTable {
  code: string
  name: string
  type: string
  value: number
  minimum_subtotal: number | null
  /** 0 | 1 */
  active: number
  expires_at: string | null
}

/** A shipping option offered for some countries (`*` = everywhere), or a pickup point. */
export interface ShippingRulesTable {
  id: string
  code: string
  title: string
  /** JSON list of ISO country codes, or `["*"]`. */
  countries: string
  rate: number
  /** Free at or above this subtotal; null: never free. */
  free_over: number | null
  delivery_time: string | null
  /** 0 | 1: `PICKUP_POINT`/`STORE_PICKUP` option with `pickup_address`. */
  pickup: number
  /** JSON wire address of the pickup point or null. */
  pickup_address: string | null
  /** `STORE_PICKUP` (null) or `PICKUP_POINT`, for a pickup option (migration 0006). */
  pickup_method: string | null
  position: number
}

/** A tax rate for a country, or a subdivision of it (the more specific rule wins). */
export interface TaxRulesTable {
  id: string
  country: string
  /** ISO 3166-2 (`US-NY`) or null for the whole country. */
  subdivision: string | null
  /** Percent, e.g. 8.875. */
  rate: number
  name: string
}

/** A checkout made from a cart, read by the hosted checkout page. */
export interface CheckoutsTable {
  id: string
  cart_id: string
  owner_identity_id: string
  /** `CREATED` | `COMPLETED` */
  status: string
  /** JSON: line items, addresses, e-mail, channel, selected shipping option, totals. */
  data: string
  created_date: string
  updated_date: string
}

/** The commerce part of the database schema. */
export interface CommerceTables {
  carts: CartsTable
  cart_line_items: CartLineItemsTable
  coupons: CouponsTable
  shipping_rules: ShippingRulesTable
  tax_rules: TaxRulesTable
  checkouts: CheckoutsTable
}
