import { createHash } from 'node:crypto'
import type { Insertable } from 'kysely'
import { discounted } from '../money.js'
import {
  choicesKey,
  combinations,
  DEFAULT_VARIANT_ID,
  type ProductsTable,
  type VariantsTable,
} from '../modules/catalog/index.js'
import { mediaItem, productImages, type DemoMediaItem } from './demo-images.js'
import { prose, SHIPPING_INFO, type DemoProduct } from './demo-product.js'

/** A UUID-shaped id that is always the same for the same `parts` (so demo ids are stable). */
export function stableId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const code = (choice: string) =>
  choice
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 4)

const NO_DISCOUNT = { type: 'NONE', value: 0 }

const one = (item: DemoMediaItem) => ({ mainMedia: item, items: [item] })

/**
 * The rows of `product`, the `index`-th of the catalog, created at `createdDate`, with its
 * pictures. Managed variants carry their own price, SKU and stock; the product's stock
 * is then theirs. Without options, the product has the one default variant.
 */
export function productRows(
  product: DemoProduct,
  index: number,
  createdDate: string,
): { product: Insertable<ProductsTable>; variants: Insertable<VariantsTable>[] } {
  const id = stableId('product', product.slug)
  const images = productImages(product)
  const items = [...images.values()].map((spec) => mediaItem(spec))
  const colour = product.options?.find((option) => option.optionType === 'color')
  const imageOf = (choices: Record<string, string>) => {
    const spec = colour && images.get(choices[colour.name]!)
    return spec ? mediaItem(spec) : undefined
  }
  const managed = !!product.variants
  // The options as the catalog stores them (a choice's value: its colour, else its name).
  const stored = (product.options ?? []).map(({ optionType, name, choices }) => ({
    optionType,
    name,
    choices: choices.map((choice) => ({
      value: choice.hex ?? choice.name,
      description: choice.name,
    })),
  }))
  const combos = combinations(stored)
  const own = combos.map((choices) => product.variants?.(choices) ?? {})
  const tracked = managed
    ? own.some((v) => v.quantity !== undefined)
    : product.quantity !== undefined
  const physical = (product.productType ?? 'physical') === 'physical'
  const inStock = managed
    ? own.some((v) => v.quantity === undefined || v.quantity > 0)
    : product.quantity === undefined || product.quantity > 0

  const variants = combos.map((choices, position): Insertable<VariantsTable> => {
    const variant = own[position]!
    const media = imageOf(choices)
    const hasOptions = Object.keys(choices).length > 0
    return {
      id: hasOptions ? stableId('variant', product.slug, choicesKey(choices)) : DEFAULT_VARIANT_ID,
      product_id: id,
      choices: JSON.stringify(choices),
      choices_key: choicesKey(choices),
      position,
      price: managed ? (variant.price ?? null) : null,
      cost: null,
      weight: null,
      sku: managed ? [product.sku, ...Object.values(choices).map(code)].join('-') : null,
      visible: 1,
      track_quantity: managed ? Number(variant.quantity !== undefined) : Number(tracked),
      quantity: managed
        ? (variant.quantity ?? null)
        : hasOptions
          ? null
          : (product.quantity ?? null),
      in_stock: managed
        ? Number(variant.quantity === undefined || variant.quantity > 0)
        : Number(hasOptions || inStock),
      media: media ? JSON.stringify(media) : null,
    }
  })

  const options = stored.map((option) => ({
    ...option,
    choices: option.choices.map((choice) => {
      const image =
        option.name === colour?.name ? imageOf({ [option.name]: choice.description }) : undefined
      return {
        ...choice,
        inStock: managed
          ? combos.some(
              (c, i) => c[option.name] === choice.description && variants[i]!.in_stock === 1,
            )
          : inStock,
        visible: true,
        ...(image && { media: one(image) }),
      }
    }),
  }))

  return {
    product: {
      id,
      numeric_id: 1001 + index,
      name: product.name,
      slug: product.slug,
      visible: 1,
      product_type: physical ? 'physical' : 'digital',
      description: prose(...[product.description].flat()),
      sku: product.sku,
      brand: product.brand ?? null,
      ribbon: product.ribbon ?? null,
      currency: 'USD',
      price: product.price,
      discount_type: product.discount?.type ?? 'NONE',
      discount_value: product.discount?.value ?? 0,
      discounted_price: discounted(product.price, product.discount ?? NO_DISCOUNT),
      cost: product.cost ?? null,
      weight: product.weight ?? null,
      price_per_unit_data: product.pricePerUnit ? JSON.stringify(product.pricePerUnit) : null,
      manage_variants: Number(managed),
      track_inventory: Number(tracked),
      quantity: managed ? null : (product.quantity ?? null),
      in_stock: Number(inStock),
      product_options: JSON.stringify(options),
      media: JSON.stringify({ ...(items[0] && { mainMedia: items[0] }), items }),
      additional_info_sections: JSON.stringify([
        ...(product.info ?? []),
        ...(physical ? [SHIPPING_INFO] : []),
      ]),
      custom_text_fields: JSON.stringify(product.customTextFields ?? []),
      seo_data: null,
      created_date: createdDate,
      last_updated: createdDate,
    },
    variants,
  }
}
