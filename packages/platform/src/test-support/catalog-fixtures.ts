/*
 * Rows for the cart's tests: catalog products (inserted straight into the catalog tables, so the
 * cart's tests do not depend on the catalog's HTTP API), coupons, shipping and tax rules.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'
import { refreshProductDocuments } from '../modules/catalog/index.js'
import { discounted } from '../money.js'

/** A choice of a product option as the catalog stores it. */
export interface FixtureChoice {
  value: string
  description: string
  media?: unknown
}

/** A variant of a fixture product: its choices and overrides. */
export interface FixtureVariant {
  id?: string
  choices: Record<string, string>
  price?: number
  sku?: string
  weight?: number
  visible?: boolean
  trackQuantity?: boolean
  quantity?: number
  inStock?: boolean
  media?: unknown
}

/** A product to insert; everything but what a test cares about has a default. */
export interface FixtureProduct {
  name?: string
  slug?: string
  price?: number
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number }
  productType?: 'physical' | 'digital'
  visible?: boolean
  sku?: string
  weight?: number
  currency?: string
  manageVariants?: boolean
  trackInventory?: boolean
  quantity?: number
  inStock?: boolean
  options?: { optionType: 'drop_down' | 'color'; name: string; choices: FixtureChoice[] }[]
  media?: unknown
  variants?: FixtureVariant[]
}

/**
 * Option `name` of `choices` (a string stands for a choice whose value is its description) and a
 * variant for each choice: the `options` and `variants` of a {@link FixtureProduct}.
 */
export function withOption(
  name: string,
  choices: (string | FixtureChoice)[],
  optionType: 'drop_down' | 'color' = 'drop_down',
): Required<Pick<FixtureProduct, 'options' | 'variants'>> {
  const full = choices.map((choice) =>
    typeof choice === 'string' ? { value: choice, description: choice } : choice,
  )
  return {
    options: [{ optionType, name, choices: full }],
    variants: full.map((choice) => ({ choices: { [name]: choice.description } })),
  }
}

/** The default variant id of a product without options (the provider's). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000'

let numeric = 0
const flag = (value: boolean | undefined, fallback: boolean) => ((value ?? fallback) ? 1 : 0)

/**
 * Inserts a product and its variants (a default variant when it has none), and has the catalog
 * build its stored document; returns its ids.
 */
export async function insertProduct(
  db: Kysely<Schema>,
  product: FixtureProduct = {},
): Promise<{ id: string; slug: string; variantIds: string[] }> {
  const id = randomUUID()
  const now = new Date().toISOString()
  const price = product.price ?? 10
  const discount = product.discount ?? { type: 'NONE', value: 0 }
  // As the catalog writer stores it.
  const discountedPrice = discounted(price, discount)
  const slug = product.slug ?? `product-${id.slice(0, 8)}`
  await db
    .insertInto('products')
    .values({
      id,
      numeric_id: Date.now() * 1000 + (numeric++ % 1000),
      name: product.name ?? 'Product',
      slug,
      visible: flag(product.visible, true),
      product_type: product.productType ?? 'physical',
      description: '',
      sku: product.sku ?? null,
      brand: null,
      ribbon: null,
      currency: product.currency ?? 'USD',
      price,
      discount_type: discount.type,
      discount_value: discount.value,
      discounted_price: discountedPrice,
      cost: null,
      weight: product.weight ?? null,
      price_per_unit_data: null,
      manage_variants: flag(product.manageVariants, false),
      track_inventory: flag(product.trackInventory, false),
      quantity: product.quantity ?? null,
      in_stock: flag(product.inStock, true),
      product_options: JSON.stringify(product.options ?? []),
      media: JSON.stringify(product.media ?? { items: [] }),
      additional_info_sections: '[]',
      custom_text_fields: '[]',
      seo_data: null,
      created_date: now,
      last_updated: now,
    })
    .execute()
  const variants = product.variants ?? [{ id: DEFAULT_VARIANT_ID, choices: {} }]
  const variantIds = variants.map((variant) => variant.id ?? randomUUID())
  await db
    .insertInto('variants')
    .values(
      variants.map((variant, position) => ({
        id: variantIds[position]!,
        product_id: id,
        choices: JSON.stringify(variant.choices),
        choices_key: Object.keys(variant.choices)
          .sort()
          .map((name) => `${name}=${variant.choices[name]}`)
          .join('|'),
        position,
        price: variant.price ?? null,
        cost: null,
        weight: variant.weight ?? null,
        sku: variant.sku ?? null,
        visible: flag(variant.visible, true),
        track_quantity: flag(variant.trackQuantity, false),
        quantity: variant.quantity ?? null,
        in_stock: flag(variant.inStock, true),
        media: variant.media ? JSON.stringify(variant.media) : null,
      })),
    )
    .execute()
  await refreshProductDocuments(db, [id])
  return { id, slug, variantIds }
}

/** Inserts a coupon. */
export async function insertCoupon(
  db: Kysely<Schema>,
  coupon: {
    code: string
    type: 'percentage' | 'amount' | 'free_shipping'
    value?: number
    minimumSubtotal?: number
    active?: boolean
    expiresAt?: string
    name?: string
  },
): Promise<void> {
  await db
    .insertInto('coupons')
    .values({
      code: coupon.code,
      name: coupon.name ?? `Coupon ${coupon.code}`,
      type: coupon.type,
      value: coupon.value ?? 0,
      minimum_subtotal: coupon.minimumSubtotal ?? null,
      active: flag(coupon.active, true),
      expires_at: coupon.expiresAt ?? null,
    })
    .execute()
}

/** Inserts a shipping rule (`countries` JSON list, `*` for all). */
export async function insertShippingRule(
  db: Kysely<Schema>,
  rule: {
    code: string
    title?: string
    countries: string[]
    rate: number
    freeOver?: number
    deliveryTime?: string
    pickupAddress?: Record<string, unknown>
    pickupMethod?: 'STORE_PICKUP' | 'PICKUP_POINT'
    position?: number
  },
): Promise<void> {
  await db
    .insertInto('shipping_rules')
    .values({
      id: randomUUID(),
      code: rule.code,
      title: rule.title ?? rule.code,
      countries: JSON.stringify(rule.countries),
      rate: rule.rate,
      free_over: rule.freeOver ?? null,
      delivery_time: rule.deliveryTime ?? null,
      pickup: rule.pickupAddress ? 1 : 0,
      pickup_address: rule.pickupAddress ? JSON.stringify(rule.pickupAddress) : null,
      pickup_method: rule.pickupMethod ?? null,
      position: rule.position ?? 0,
    })
    .execute()
}

/** Inserts a tax rule (`rate` a percentage, e.g. 8.875). */
export async function insertTaxRule(
  db: Kysely<Schema>,
  rule: { country: string; subdivision?: string; rate: number; name?: string },
): Promise<void> {
  await db
    .insertInto('tax_rules')
    .values({
      id: randomUUID(),
      country: rule.country,
      subdivision: rule.subdivision ?? null,
      rate: rule.rate,
      name: rule.name ?? `Tax ${rule.country}${rule.subdivision ? '-' + rule.subdivision : ''}`,
    })
    .execute()
}
