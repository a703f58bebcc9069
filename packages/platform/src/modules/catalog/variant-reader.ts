import type { Kysely } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import type { Reader } from './access.js'
import { matchesChoices } from './options.js'
import { findProduct } from './product-reader.js'
import { wireOptions } from './product-view.js'
import { productOptionsOf, type ProductRow } from './rows.js'
import type { ProductVariantsBody } from './schema.js'
import type { Media, MediaItem, StoredOption, WireOption, WireVariant } from './types.js'
import { loadedVariants, priceData, wireVariant, type LoadedVariant } from './variant-view.js'
import { absoluteOptions } from './media-urls.js'

/** Every variant of `product`, in order (the default variant when it has no rows). */
export async function loadVariants(
  db: Kysely<Schema>,
  product: ProductRow,
): Promise<LoadedVariant[]> {
  const rows = await db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', product.id)
    .orderBy('position')
    .execute()
  return loadedVariants(product, rows)
}

/**
 * `POST /stores-reader/v1/products/{id}/variants/query`: the product's variants matching the
 * (partial) `choices` and `variantIds`, paged (default 100) as `{variants, metadata: {items,
 * offset}, totalResults}`.
 */
export async function queryProductVariants(
  ctx: PlatformContext,
  id: string,
  body: ProductVariantsBody,
  reader: Reader,
): Promise<{
  variants: WireVariant[]
  metadata: { items: number; offset: number }
  totalResults: number
}> {
  const product = await findProduct(ctx.db.kysely, id, reader)
  const ids = body.variantIds && new Set(body.variantIds)
  const matching = (await loadVariants(ctx.db.kysely, product)).filter(
    (variant) =>
      (!body.choices || matchesChoices(variant.choices, body.choices)) &&
      (!ids || ids.has(variant.row.id)),
  )
  const offset = body.paging?.offset ?? 0
  const page = matching.slice(offset, offset + (body.paging?.limit ?? 100))
  const merchant = reader.elevated && !!body.includeMerchantSpecificData
  return {
    variants: page.map((variant) => wireVariant(product, variant, merchant)),
    metadata: { items: page.length, offset },
    totalResults: matching.length,
  }
}

/** Checks that every selected option and choice exists; 400 on `options.<name>` otherwise. */
function checkSelection(options: StoredOption[], selection: Record<string, string>): void {
  for (const [name, choice] of Object.entries(selection)) {
    const option = options.find((candidate) => candidate.name === name)
    if (!option) throw PlatformError.invalid(`options.${name}`, 'is not an option of this product')
    if (!option.choices.some((candidate) => candidate.description === choice))
      throw PlatformError.invalid(`options.${name}`, `"${choice}" is not a choice of "${name}"`)
  }
}

/** Media of the selected choices, when any of them has some. */
function selectionMedia(
  options: StoredOption[],
  selection: Record<string, string>,
): Media | undefined {
  const items: MediaItem[] = []
  for (const option of options) {
    const choice = option.choices.find(
      (candidate) => candidate.description === selection[option.name],
    )
    for (const item of choice?.media?.items ?? [])
      if (!items.some((known) => known.id === item.id)) items.push(item)
  }
  return items.length ? { mainMedia: items[0], items } : undefined
}

/**
 * `POST /stores-reader/v1/products/{id}/productOptionsAvailability`: for a (partial) selection of
 * choices, each choice's availability given the others, and the variant a full selection picks.
 */
export async function productOptionsAvailability(
  ctx: PlatformContext,
  id: string,
  selection: Record<string, string>,
  reader: Reader,
): Promise<{
  selectedVariant?: Record<string, unknown>
  availableForPurchase: boolean
  productOptions: WireOption[]
  media?: Media
}> {
  const product = await findProduct(ctx.db.kysely, id, reader)
  const options = absoluteOptions(productOptionsOf(product), ctx.config.publicUrl)
  checkSelection(options, selection)
  const variants = await loadVariants(ctx.db.kysely, product)
  // A choice is available when a variant holds it together with the other options' selection.
  const productOptions = options.map((option) => {
    const others = Object.fromEntries(
      Object.entries(selection).filter(([name]) => name !== option.name),
    )
    const holding = variants.filter((v) => matchesChoices(v.choices, others))
    return wireOptions([option], holding)[0]!
  })
  const complete = options.every((option) => option.name in selection)
  const selected = complete ? variants.find((v) => matchesChoices(v.choices, selection)) : undefined
  const media = selectionMedia(options, selection)
  const value = selected?.value
  const prices = value && priceData(product, value.price, value.discountedPrice)
  return {
    ...(selected && {
      selectedVariant: {
        id: selected.row.id,
        choices: selected.choices,
        price: prices,
        convertedPriceData: prices,
        weight: selected.value.weight,
        ...(selected.value.sku === null ? {} : { sku: selected.value.sku }),
        inStock: selected.value.stock.inStock,
        visible: selected.value.visible,
      },
    }),
    availableForPurchase: !!value && value.visible && value.stock.inStock && product.visible === 1,
    productOptions,
    ...(media ? { media } : {}),
  }
}
