import type { Insertable } from 'kysely'
import { PlatformError, violation, type FieldViolation } from '../../http/platform-error.js'
import { discounted } from '../../money.js'
import { MAX_VARIANTS, variantCount } from './options.js'
import { parseJson, SITE_CURRENCY } from './rows.js'
import type { ProductsTable } from './tables.js'
import type { StoredOption } from './types.js'
import type { OptionInput, ProductInput } from './writer-schema.js'

/** A product's columns apart from its identity (`id`, `numeric_id`) and dates. */
export type ProductState = Omit<
  Insertable<ProductsTable>,
  'id' | 'numeric_id' | 'created_date' | 'last_updated' | 'slug'
> & { slug?: string }

/** The state of a new product before its input is applied. */
export const NEW_PRODUCT: Required<ProductState> = {
  name: '',
  slug: '',
  visible: 1,
  product_type: 'physical',
  description: '',
  sku: null,
  brand: null,
  ribbon: null,
  currency: SITE_CURRENCY,
  price: 0,
  discount_type: 'NONE',
  discount_value: 0,
  discounted_price: 0,
  cost: null,
  weight: null,
  price_per_unit_data: null,
  manage_variants: 0,
  track_inventory: 0,
  quantity: null,
  in_stock: 1,
  product_options: '[]',
  media: '{"items":[]}',
  additional_info_sections: '[]',
  custom_text_fields: '[]',
  seo_data: null,
}

/** Which wire field each column is part of (for `changedFields`). */
export const WIRE_FIELDS: Record<keyof typeof NEW_PRODUCT, string> = {
  name: 'name',
  slug: 'slug',
  visible: 'visible',
  product_type: 'productType',
  description: 'description',
  sku: 'sku',
  brand: 'brand',
  ribbon: 'ribbon',
  currency: 'price',
  price: 'price',
  discount_type: 'discount',
  discount_value: 'discount',
  discounted_price: 'price',
  cost: 'costAndProfitData',
  weight: 'weight',
  price_per_unit_data: 'pricePerUnitData',
  manage_variants: 'manageVariants',
  track_inventory: 'stock',
  quantity: 'stock',
  in_stock: 'stock',
  product_options: 'productOptions',
  media: 'media',
  additional_info_sections: 'additionalInfoSections',
  custom_text_fields: 'customTextFields',
  seo_data: 'seoData',
}

/** A text field as stored: trimmed, empty is null (`undefined`: not sent). */
export const orNull = (text: string | undefined) =>
  text === undefined ? undefined : text.trim() || null
/** A flag as stored: 0 or 1 (`undefined`: not sent). */
export const bit = (flag: boolean | undefined) => (flag === undefined ? undefined : Number(flag))
const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value))

/** Drops the keys whose value is `undefined` (input fields that were not sent). */
export const given = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>

function stock(input: ProductInput['stock'], current: ProductState): Partial<ProductState> {
  if (!input) return {}
  const tracked = input.trackInventory ?? current.track_inventory === 1
  if (!tracked)
    return {
      track_inventory: 0,
      quantity: null,
      in_stock: Number(input.inStock ?? current.in_stock === 1),
    }
  const quantity = input.quantity ?? current.quantity ?? 0
  return { track_inventory: 1, quantity, in_stock: quantity > 0 ? 1 : 0 }
}

/**
 * `current` with `input` applied (options aside: see {@link normalizeOptions}); the discounted
 * price follows the price and the discount. A percent discount above 100 is a 400.
 */
export function applyProductInput<S extends ProductState>(current: S, input: ProductInput): S {
  const next: S = {
    ...current,
    ...given({
      name: input.name?.trim(),
      slug: input.slug,
      visible: bit(input.visible),
      product_type: input.productType,
      description: input.description,
      sku: orNull(input.sku),
      brand: orNull(input.brand),
      ribbon: orNull(input.ribbon ?? input.ribbons?.[0]?.text),
      price: input.priceData?.price ?? input.price?.price,
      cost: input.costAndProfitData?.itemCost,
      weight: input.weight,
      manage_variants: bit(input.manageVariants),
      additional_info_sections: json(input.additionalInfoSections),
      custom_text_fields: json(input.customTextFields),
      seo_data: json(input.seoData),
      price_per_unit_data: json(input.pricePerUnitData),
    }),
    ...stock(input.stock, current),
  }
  if (input.discount) {
    next.discount_type = input.discount.type ?? current.discount_type ?? 'NONE'
    next.discount_value =
      next.discount_type === 'NONE' ? 0 : (input.discount.value ?? current.discount_value ?? 0)
  }
  if (next.name === '')
    throw PlatformError.invalid('product.name', 'must not be blank', 'MIN_LENGTH')
  if (next.discount_type === 'PERCENT' && next.discount_value! > 100)
    throw PlatformError.invalid(
      'product.discount.value',
      'a percent discount is at most 100',
      'MAX',
    )
  next.discounted_price = discounted(next.price, {
    type: next.discount_type ?? 'NONE',
    value: next.discount_value ?? 0,
  })
  return next
}

/** The wire fields whose columns differ between `before` and `after`. */
export function changedFields(before: ProductState, after: ProductState): string[] {
  const fields = new Set<string>()
  for (const column of Object.keys(WIRE_FIELDS) as (keyof typeof WIRE_FIELDS)[])
    if (column in after && after[column] !== before[column]) fields.add(WIRE_FIELDS[column])
  return [...fields]
}

/**
 * Options as stored: names and choices trimmed, a choice's `value` and `description` filling each
 * other, media of choices that already existed kept. Duplicate names or choices, or more than
 * {@link MAX_VARIANTS} combinations, are 400s on `product.productOptions…`.
 */
export function normalizeOptions(input: OptionInput[], previousJson: string): StoredOption[] {
  const previous = parseJson<StoredOption[]>(previousJson, [])
  const violations: FieldViolation[] = []
  const invalid = (field: string, description: string) =>
    violations.push(violation(`product.productOptions${field}`, description))
  const names = new Set<string>()
  const options = input.map((option, i): StoredOption => {
    const name = option.name.trim()
    if (!name) invalid(`[${i}].name`, 'must not be blank')
    else if (names.has(name.toLowerCase()))
      invalid(`[${i}].name`, `"${name}" is the name of another option`)
    names.add(name.toLowerCase())
    const before = previous.find((candidate) => candidate.name === name)
    const seen = new Set<string>()
    const choices = option.choices.map((choice, j) => {
      const description = (choice.description ?? choice.value ?? '').trim()
      if (!description) invalid(`[${i}].choices[${j}]`, 'must have a value or a description')
      else if (seen.has(description))
        invalid(`[${i}].choices[${j}]`, `"${description}" appears twice`)
      seen.add(description)
      const media = before?.choices.find((c) => c.description === description)?.media
      return {
        value: (choice.value ?? description).trim(),
        description,
        ...(choice.inStock === false ? { inStock: false } : {}),
        ...(choice.visible === false ? { visible: false } : {}),
        ...(media ? { media } : {}),
      }
    })
    return { optionType: option.optionType ?? 'drop_down', name, choices }
  })
  if (variantCount(options) > MAX_VARIANTS)
    invalid('', `give ${variantCount(options)} variants; a product has at most ${MAX_VARIANTS}`)
  if (violations.length) throw PlatformError.validation(violations)
  return options
}
