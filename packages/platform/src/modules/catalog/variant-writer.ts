import { transaction, type Tx } from '../../db/transaction.js'
import { PlatformError, violation, type FieldViolation } from '../../http/platform-error.js'
import { catalogEvents } from './events.js'
import { matchesChoices } from './options.js'
import { refreshProductDocuments } from './product-documents.js'
import { bit, given, orNull } from './product-input.js'
import { productOptionsOf, type ProductRow, type VariantRow } from './rows.js'
import type { StoredOption, WireVariant } from './types.js'
import { loadVariants } from './variant-reader.js'
import { wireVariant, type LoadedVariant } from './variant-view.js'
import type { VariantUpdate } from './writer-schema.js'
import { lockProduct, now, type Writer } from './writes.js'

/** The columns a variant write sets: each is also its wire field (for `changedFields`). */
const COLUMNS = ['price', 'cost', 'weight', 'sku', 'visible'] as const

type VariantColumns = Pick<VariantRow, (typeof COLUMNS)[number]>

/** The variants an update picks; violations for unknown options, choices and ids. */
function pick(
  update: VariantUpdate,
  at: string,
  options: StoredOption[],
  variants: LoadedVariant[],
  violations: FieldViolation[],
): LoadedVariant[] {
  const before = violations.length
  if (!update.choices && !update.variantIds) {
    violations.push(violation(at, 'needs choices or variantIds', 'REQUIRED_FIELD'))
    return []
  }
  for (const [name, choice] of Object.entries(update.choices ?? {})) {
    const option = options.find((candidate) => candidate.name === name)
    if (!option || !option.choices.some((candidate) => candidate.description === choice))
      violations.push(
        violation(
          `${at}.choices.${name}`,
          option ? `"${choice}" is not a choice of "${name}"` : 'is not an option of this product',
        ),
      )
  }
  const unknown = (update.variantIds ?? []).filter((id) => !variants.some((v) => v.row.id === id))
  if (unknown.length)
    violations.push(
      violation(
        `${at}.variantIds`,
        `holds ids of no variant of this product: ${unknown.join(', ')}`,
      ),
    )
  if (violations.length > before) return []
  const ids = update.variantIds && new Set(update.variantIds)
  return variants.filter(
    (v) =>
      (!update.choices || matchesChoices(v.choices, update.choices)) && (!ids || ids.has(v.row.id)),
  )
}

/** Writes `changes` (variant id → columns) and emits `VariantsChanged` for the variants changed. */
async function writeVariants(
  trx: Tx,
  writer: Writer,
  product: ProductRow,
  variants: LoadedVariant[],
  changes: Map<string, Partial<VariantColumns>>,
): Promise<void> {
  const changed: { variantId: string; choices: Record<string, string>; changedFields: string[] }[] =
    []
  for (const variant of variants) {
    const set = changes.get(variant.row.id) ?? {}
    const fields = COLUMNS.filter((column) => column in set && set[column] !== variant.row[column])
    if (fields.length === 0) continue
    await trx
      .updateTable('variants')
      .set(Object.fromEntries(fields.map((column) => [column, set[column]])))
      .where('product_id', '=', product.id)
      .where('id', '=', variant.row.id)
      .execute()
    changed.push({
      variantId: variant.row.id,
      choices: variant.choices,
      changedFields: [...fields],
    })
  }
  if (changed.length === 0) return
  await trx
    .updateTable('products')
    .set({ last_updated: now() })
    .where('id', '=', product.id)
    .execute()
  await refreshProductDocuments(trx, [product.id])
  await catalogEvents.variantsChanged(trx, writer.identity, product.id, changed)
}

/** Every variant of the product after a write, as an elevated caller sees it. */
async function allVariants(trx: Tx, id: string): Promise<WireVariant[]> {
  const product = await trx
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return (await loadVariants(trx, product)).map((v) => wireVariant(product, v, true))
}

/**
 * `PATCH /stores/v1/products/{id}/variants`: sets price, cost, weight, SKU or visibility of the
 * variants each update picks by (partial) `choices` and/or `variantIds`; later updates win. The
 * product must manage its variants. Answers every variant; emits `VariantsChanged`.
 */
export async function updateVariants(
  writer: Writer,
  id: string,
  updates: VariantUpdate[],
): Promise<{ variants: WireVariant[] }> {
  return transaction(writer.db, async (trx) => {
    const product = await lockProduct(trx, id)
    if (product.manage_variants !== 1)
      throw PlatformError.application(
        400,
        'VARIANTS_NOT_MANAGED',
        'Variant data can only be set on a product with manageVariants: true',
      )
    const options = productOptionsOf(product)
    const variants = await loadVariants(trx, product)
    const violations: FieldViolation[] = []
    const changes = new Map<string, Partial<VariantColumns>>()
    updates.forEach((update, i) => {
      const known = violations.length
      const picked = pick(update, `variants[${i}]`, options, variants, violations)
      if (picked.length === 0 && violations.length === known)
        violations.push(violation(`variants[${i}].choices`, 'match no variant'))
      const set: Partial<VariantColumns> = given({
        price: update.price,
        cost: update.cost,
        weight: update.weight,
        sku: orNull(update.sku),
        visible: bit(update.visible),
      })
      for (const variant of picked)
        changes.set(variant.row.id, { ...changes.get(variant.row.id), ...set })
    })
    if (violations.length) throw PlatformError.validation(violations)
    await writeVariants(trx, writer, product, variants, changes)
    return { variants: await allVariants(trx, id) }
  })
}

/**
 * `POST /stores/v1/products/{id}/variants/resetToDefault`: every variant takes the product's
 * price, cost, weight and SKU again and is visible; emits `VariantsChanged` for those changed.
 */
export async function resetVariants(writer: Writer, id: string): Promise<void> {
  await transaction(writer.db, async (trx) => {
    const product = await lockProduct(trx, id)
    const variants = await loadVariants(trx, product)
    const reset = { price: null, cost: null, weight: null, sku: null, visible: 1 }
    const changes = new Map(variants.map((v) => [v.row.id, reset]))
    await writeVariants(trx, writer, product, variants, changes)
  })
}
