import type { Kysely, Selectable } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { parseJson } from '../../db/json.js'
import { prepared } from '../../db/prepared.js'
import { defaultVariant, productOptionsOf, STORES_APP_ID } from './rows.js'
import type { ProductsTable, VariantsTable } from './tables.js'
import type { Media, MediaItem, StoredChoice, StoredOption } from './types.js'
import { effectiveVariant } from './variant-view.js'

/*
 * Catalog items as cart lines and orders see them: what a catalog reference (a store product, its
 * variant or choices) stands for now — price, SKU, weight, picture, stock, visibility — read for
 * many references at once. The cart calls it through the catalog's front door.
 */

/** `catalogReference` of a line item: a store product, and the variant or choices of it. */
export interface CatalogReference {
  catalogItemId: string
  appId: string
  options?: {
    variantId?: string
    options?: Record<string, string>
    customTextFields?: Record<string, string>
    [key: string]: unknown
  }
}

/** A line of `descriptionLines`: a plain text (a choice, a custom text) or a color. */
export interface DescriptionLine {
  name: { original: string; translated: string }
  plainText?: { original: string; translated: string }
  colorInfo?: { original: string; translated: string; code?: string }
  lineType: 'PLAIN_TEXT' | 'COLOR'
}

/**
 * An image as a cart line stores it: the catalog's URL (the platform's own as a path, `/media/<id>`,
 * which answers give their media id), its size and alt text.
 */
export interface LineImage {
  url: string
  width?: number
  height?: number
  altText?: string
}

/** What a catalog reference stands for now: the price snapshot and the details of a line. */
export interface CatalogItem {
  productId: string
  /** The variant row it resolved to, if the product has variants. */
  variantId: string | null
  choices: Record<string, string>
  name: string
  slug: string
  /** Unit price after the product's discount, and before it; plain numbers in `currency`. */
  price: number
  fullPrice: number
  currency: string
  sku: string | null
  /** The variant's weight, else the product's, else 0 (the catalog's rule). */
  weight: number
  image: LineImage | null
  productType: 'physical' | 'digital'
  descriptionLines: DescriptionLine[]
  /** The product (and variant, and choices) are visible to shoppers. */
  visible: boolean
  /** The product itself is visible to shoppers (its variant or a choice may not be). */
  productVisible: boolean
  inStock: boolean
  /** Units in stock; null when the stock is not tracked. */
  stock: number | null
  /** Equal items (same product, variant or choices, custom texts) have equal keys. */
  mergeKey: string
}

/** Why a reference does not resolve. */
export type LookupFailure = 'PRODUCT_NOT_FOUND' | 'VARIANT_NOT_FOUND' | 'OPTIONS_REQUIRED'

/** The columns of a product that a cart line is made of (the rest is for product pages). */
const PRODUCT_COLUMNS = [
  'id',
  'name',
  'slug',
  'visible',
  'product_type',
  'sku',
  'currency',
  'price',
  'cost',
  'discount_type',
  'discount_value',
  'weight',
  'manage_variants',
  'track_inventory',
  'quantity',
  'in_stock',
  'product_options',
  'media',
] as const satisfies readonly (keyof ProductsTable)[]

type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]>
type VariantRow = Selectable<VariantsTable>

/** The catalog rows of some products, read at once. */
export interface CatalogRows {
  products: Map<string, ProductRow>
  variants: Map<string, VariantRow[]>
}

const variantChoices = new WeakMap<VariantRow, Record<string, string>>()

/**
 * The choices of a variant row, parsed once per row object (a request resolves the same rows
 * several times: the items it adds, then every line of the cart). Shared: read-only.
 */
function choicesOf(variant: VariantRow): Record<string, string> {
  let choices = variantChoices.get(variant)
  if (!choices) variantChoices.set(variant, (choices = parseJson(variant.choices, {})))
  return choices
}

const productsOf = prepared((db, ids: readonly string[]) =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', ids),
)
const variantsOf = prepared((db, ids: readonly string[]) =>
  db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position'),
)

/** Reads the products `productIds` and their variants (two queries, whatever the count). */
export async function loadCatalog(
  db: Kysely<Schema>,
  productIds: readonly string[],
): Promise<CatalogRows> {
  const ids = [...new Set(productIds)]
  const rows: CatalogRows = { products: new Map(), variants: new Map() }
  if (ids.length === 0) return rows
  const [products, variants] = await Promise.all([productsOf(db, ids), variantsOf(db, ids)])
  for (const product of products) rows.products.set(product.id, product)
  for (const variant of variants) {
    const list = rows.variants.get(variant.product_id) ?? []
    list.push(variant)
    rows.variants.set(variant.product_id, list)
  }
  return rows
}

const sameChoices = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

const sorted = (record: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

function pickVariant(
  variants: VariantRow[],
  stored: StoredOption[],
  ref: CatalogReference,
): VariantRow | null | LookupFailure {
  const variantId = ref.options?.variantId
  if (variantId) return variants.find((v) => v.id === variantId) ?? 'VARIANT_NOT_FOUND'
  const wanted = ref.options?.options ?? {}
  if (Object.keys(wanted).length > 0) {
    const match = variants.find((v) => sameChoices(choicesOf(v), wanted))
    if (match || variants.length > 0) return match ?? 'VARIANT_NOT_FOUND'
    // No variant rows: the choices must name one choice of every option of the product.
    const valid =
      Object.keys(wanted).length === stored.length &&
      stored.every((option) => option.choices.some((c) => c.description === wanted[option.name]))
    return valid ? null : 'VARIANT_NOT_FOUND'
  }
  const plain = variants.find((v) => Object.keys(choicesOf(v)).length === 0)
  if (plain) return plain
  return stored.length > 0 || variants.length > 0 ? 'OPTIONS_REQUIRED' : null
}

function imageOf(product: ProductRow, variant: VariantRow | null, choice?: StoredChoice) {
  const media = parseJson<Partial<Media>>(product.media, {})
  const item =
    (variant ? parseJson<MediaItem | null>(variant.media, null) : null) ??
    choice?.media?.mainMedia ??
    choice?.media?.items?.[0] ??
    media.mainMedia ??
    media.items?.[0]
  const image = item?.image ?? item?.thumbnail
  if (!image?.url) return null
  return {
    url: image.url,
    ...(image.width !== undefined && { width: image.width }),
    ...(image.height !== undefined && { height: image.height }),
    ...(image.altText && { altText: image.altText }),
  }
}

function describe(
  choices: Record<string, string>,
  options: StoredOption[],
  texts: Record<string, string>,
): DescriptionLine[] {
  const text = (value: string) => ({ original: value, translated: value })
  const lines: DescriptionLine[] = Object.entries(choices).map(([name, value]) => {
    const option = options.find((o) => o.name === name)
    if (option?.optionType !== 'color')
      return { name: text(name), plainText: text(value), lineType: 'PLAIN_TEXT' }
    const code = option.choices.find((c) => c.description === value)?.value
    return {
      name: text(name),
      colorInfo: { ...text(value), ...(code && { code }) },
      lineType: 'COLOR',
    }
  })
  for (const [title, value] of Object.entries(texts))
    lines.push({ name: text(title), plainText: text(value), lineType: 'PLAIN_TEXT' })
  return lines
}

/**
 * What `ref` stands for in `rows` now, or why it does not resolve. A `variantId` or the choices
 * (`options.options`, `{<option name>: <choice>}`) pick the variant; the price is the variant's
 * own (after the product's discount) or else the product's `discounted_price`; stock and
 * visibility are the variant's when the product manages variants, else the product's.
 */
export function resolveReference(
  rows: CatalogRows,
  ref: CatalogReference,
): CatalogItem | LookupFailure {
  const product = ref.appId === STORES_APP_ID ? rows.products.get(ref.catalogItemId) : undefined
  if (!product) return 'PRODUCT_NOT_FOUND'
  const options = productOptionsOf(product)
  const variants = rows.variants.get(product.id) ?? []
  const variant = pickVariant(variants, options, ref)
  if (typeof variant === 'string') return variant
  const choices = sorted(variant ? choicesOf(variant) : (ref.options?.options ?? {}))
  const chosen = options.flatMap((option) =>
    option.choices.filter((choice) => choice.description === choices[option.name]),
  )
  const texts = sorted(ref.options?.customTextFields ?? {})
  // The catalog's own rules for what the variant sells for (its product's values fill its gaps).
  const value = effectiveVariant(product, variant ?? defaultVariant(product), choices, options)
  return {
    productId: product.id,
    variantId: variant?.id ?? null,
    choices,
    name: product.name,
    slug: product.slug,
    price: value.discountedPrice,
    fullPrice: value.price,
    currency: product.currency,
    sku: value.sku,
    weight: value.weight,
    // Read only for a new cart line: the product's media is the costliest part to resolve.
    get image() {
      return imageOf(
        product,
        variant,
        chosen.find((choice) => choice.media),
      )
    },
    productType: product.product_type === 'digital' ? 'digital' : 'physical',
    descriptionLines: describe(choices, options, texts),
    productVisible: product.visible === 1,
    visible: product.visible === 1 && value.visible,
    inStock: value.stock.inStock,
    stock: value.stock.trackQuantity ? (value.stock.quantity ?? 0) : null,
    mergeKey: JSON.stringify([ref.appId, product.id, variant?.id ?? choices, texts]),
  }
}
