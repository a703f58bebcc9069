import { randomUUID } from 'node:crypto'
import { parseJson } from '../../db/json.js'
import type { Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import type { CatalogItem, CatalogReference, DescriptionLine } from '../catalog/index.js'
import { parseAmount, toMinor, toUnits } from '../../money.js'
import type { CustomLineItemInput } from './schema.js'
import { insertLines, setQuantity, type LineRow, type NewLine } from './store.js'

/** Most units of one line. */
export const MAX_QUANTITY = 100_000
/** Most lines of one cart. */
export const MAX_LINES = 300

/** What `cart_line_items.data` holds: the wire fields that have no column. */
export interface LineData {
  descriptionLines: DescriptionLine[]
  itemType: { preset?: string; custom?: string }
  /** Whether it is shipped (physical): only shippable lines need a shipping option. */
  shippable: boolean
  /** Custom lines: the caller's undiscounted price and price description, if given. */
  priceDescription?: { original: string; translated?: string }
}

/** Units to add: to the cart's line of an equal item (same `mergeKey`), else as a new line. */
export interface Addition {
  mergeKey: string
  quantity: number
  /** The new line (made only when the cart has no equal line). */
  line: () => NewLine
  /** Units in stock of the catalog item; null when not tracked (or a custom line). */
  stock: number | null
  /** Where the item came from in the request, for errors (`lineItems[0]`). */
  field: string
}

/** The line's {@link LineData}. */
export function lineData(line: Pick<LineRow, 'data'>): LineData {
  return parseJson<LineData>(line.data, {
    descriptionLines: [],
    itemType: { preset: 'PHYSICAL' },
    shippable: true,
  })
}

/** The unit prices of a line of `item` as the catalog prices it now, rounded to the currency. */
export function catalogPrices(item: CatalogItem, currency: string) {
  return {
    price: toUnits(toMinor(item.price, currency), currency),
    full_price: toUnits(toMinor(item.fullPrice, currency), currency),
  }
}

/** A new line of `item` (the catalog's price snapshot now), `quantity` units, for `ref`. */
export function catalogLine(
  cartId: string,
  item: CatalogItem,
  ref: CatalogReference,
  quantity: number,
  currency: string,
): NewLine {
  const physical = item.productType === 'physical'
  const data: LineData = {
    descriptionLines: item.descriptionLines,
    itemType: { preset: physical ? 'PHYSICAL' : 'DIGITAL' },
    shippable: physical,
  }
  const path = `/product-page/${item.slug}`
  return {
    id: randomUUID(),
    cart_id: cartId,
    position: 0,
    kind: 'catalog',
    catalog_item_id: ref.catalogItemId,
    app_id: ref.appId,
    options: ref.options ? JSON.stringify(ref.options) : null,
    merge_key: item.mergeKey,
    quantity,
    product_name: item.name,
    ...catalogPrices(item, currency),
    sku: item.sku,
    weight: item.weight,
    image: item.image ? JSON.stringify(item.image) : null,
    url: JSON.stringify({ relativePath: path, url: path }),
    data: JSON.stringify(data),
    created_date: new Date().toISOString(),
  }
}

/** A new custom line: priced, named and described by the caller; never merged. */
export function customLine(cartId: string, input: CustomLineItemInput, currency: string): NewLine {
  const id = randomUUID()
  const preset = input.itemType?.preset ?? (input.itemType?.custom ? undefined : 'PHYSICAL')
  const price = toUnits(parseAmount(input.price, currency), currency)
  const fullPrice = input.fullPrice
    ? toUnits(parseAmount(input.fullPrice, currency), currency)
    : price
  const data: LineData = {
    descriptionLines: (input.descriptionLines ?? []) as DescriptionLine[],
    itemType: { ...input.itemType, ...(preset && { preset }) },
    shippable: input.physicalProperties?.shippable ?? preset === 'PHYSICAL',
    ...(input.priceDescription && { priceDescription: input.priceDescription }),
  }
  const media = input.media
  const image = media?.url
    ? {
        ...(media.id && { id: media.id }),
        url: media.url,
        ...(media.width !== undefined && { width: media.width }),
        ...(media.height !== undefined && { height: media.height }),
        ...(media.altText && { altText: media.altText }),
        ...(media.filename && { filename: media.filename }),
      }
    : null
  const ref = input.catalogReference
  return {
    id,
    cart_id: cartId,
    position: 0,
    kind: 'custom',
    catalog_item_id: ref?.catalogItemId ?? null,
    app_id: ref?.appId ?? null,
    options: ref?.options ? JSON.stringify(ref.options) : null,
    merge_key: `custom:${id}`,
    quantity: input.quantity,
    product_name: input.productName.original,
    price,
    full_price: fullPrice,
    sku: input.physicalProperties?.sku ?? null,
    weight: input.physicalProperties?.weight ?? null,
    image: image ? JSON.stringify(image) : null,
    url: input.url ? JSON.stringify(input.url) : null,
    data: JSON.stringify(data),
    created_date: new Date().toISOString(),
  }
}

/** 404 for a line item id that is not in the caller's cart. */
export function lineItemNotFound(id: string): PlatformError {
  return PlatformError.application(404, 'LINE_ITEM_NOT_FOUND', `No line item "${id}" in the cart`, {
    lineItemId: id,
  })
}

/** The error of a quantity above the stock. */
export function insufficientStock(field: string, stock: number, wanted: number): PlatformError {
  return PlatformError.application(
    400,
    'INSUFFICIENT_INVENTORY',
    `Only ${stock} in stock, ${wanted} requested (${field})`,
    { quantityAvailable: stock, quantityRequested: wanted },
  )
}

/**
 * Adds `additions` to the cart whose lines are `lines`: an addition equal to a line (same merge
 * key) adds its quantity to that line; any other becomes a new line at the end. Checks the
 * quantity limit, the stock of tracked items and the number of lines. Returns the cart's lines as
 * they now are, in order (what {@link linesOf} would read back).
 */
export async function addLines(
  trx: Tx,
  lines: readonly LineRow[],
  additions: readonly Addition[],
): Promise<LineRow[]> {
  const working = lines.map((line) => ({ ...line }))
  const inserts: NewLine[] = []
  let position = working.reduce((max, line) => Math.max(max, line.position), -1)
  const changed = new Set<string>()
  for (const addition of additions) {
    const { stock, field } = addition
    const same = working.find((line) => line.merge_key === addition.mergeKey)
    const quantity = (same?.quantity ?? 0) + addition.quantity
    if (quantity > MAX_QUANTITY)
      throw PlatformError.application(
        400,
        'MAX_QUANTITY_EXCEEDED',
        `A line item holds at most ${MAX_QUANTITY} units (${field})`,
        { maxQuantity: MAX_QUANTITY },
      )
    if (stock !== null && quantity > stock) throw insufficientStock(field, stock, quantity)
    if (same) {
      same.quantity = quantity
      changed.add(same.id)
      continue
    }
    if (working.length >= MAX_LINES)
      throw PlatformError.application(
        400,
        'MAX_LINE_ITEMS_EXCEEDED',
        `A cart holds at most ${MAX_LINES} line items`,
        { maxLineItems: MAX_LINES },
      )
    const line = { ...addition.line(), position: ++position } as LineRow
    working.push(line)
    inserts.push(line)
  }
  const inserted = new Set(inserts.map((line) => line.id))
  for (const line of working)
    if (changed.has(line.id) && !inserted.has(line.id))
      await setQuantity(trx, line.id, line.quantity)
  await insertLines(trx, inserts)
  return working
}
