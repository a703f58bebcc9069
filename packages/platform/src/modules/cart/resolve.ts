import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'
import { PlatformError } from '../../http/platform-error.js'
import {
  loadCatalog,
  resolveReference,
  STORES_APP_ID,
  type CatalogItem,
  type CatalogReference,
  type CatalogRows,
} from '../catalog/index.js'
import { catalogLine, customLine, type Addition } from './lines.js'
import type { CustomLineItemInput } from './schema.js'
import type { CartRow } from './store.js'

/** A catalog line item of a request, resolved against the catalog. */
export interface ResolvedItem {
  item: CatalogItem
  ref: CatalogReference
  quantity: number
  /** Its path in the request, e.g. `lineItems[2]`. */
  field: string
}

function check(
  item: ReturnType<typeof resolveReference>,
  ref: CatalogReference,
  field: string,
  elevated: boolean,
) {
  const id = ref.catalogItemId
  // A shopper learns no more of a hidden product (or variant, or choice) than of none at all.
  if (typeof item === 'object' && !item.visible && !elevated)
    item = item.productVisible ? 'VARIANT_NOT_FOUND' : 'PRODUCT_NOT_FOUND'
  if (item === 'PRODUCT_NOT_FOUND')
    throw PlatformError.application(404, 'PRODUCT_NOT_FOUND', `Product "${id}" not found`, {
      catalogItemId: id,
    })
  if (item === 'VARIANT_NOT_FOUND')
    throw PlatformError.application(
      404,
      'VARIANT_NOT_FOUND',
      `Product "${id}" has no variant with these options`,
      { catalogItemId: id, options: ref.options ?? {} },
    )
  if (item === 'OPTIONS_REQUIRED')
    throw PlatformError.invalid(
      `${field}.catalogReference.options`,
      'must choose the product options (a variantId or {options: {<option>: <choice>}})',
      'REQUIRED_FIELD',
    )
  if (!item.visible)
    throw PlatformError.application(
      400,
      'ITEM_NOT_AVAILABLE',
      `"${item.name}" is not available for sale`,
      { catalogItemId: id },
    )
  if (!item.inStock || item.stock === 0)
    throw PlatformError.application(400, 'ITEM_OUT_OF_STOCK', `"${item.name}" is out of stock`, {
      catalogItemId: id,
      quantityAvailable: 0,
    })
  return item
}

/**
 * Resolves the catalog line items of a request (`lineItems[i]`) against the catalog read
 * now: the price, stock and details of each (its picture as the catalog stores it: the
 * platform's own as a path, made absolute when a cart is answered) and the rows read, to render the cart. Unknown products or variants are 404s (`PRODUCT_NOT_FOUND`,
 * `VARIANT_NOT_FOUND`), and so are hidden ones unless the caller is `elevated` (then a 400
 * `ITEM_NOT_AVAILABLE`); sold-out items a 400 `ITEM_OUT_OF_STOCK`; a reference of another app
 * than Stores a 400 `UNSUPPORTED_CATALOG_APP`.
 */
export async function resolveItems(
  db: Kysely<Schema>,
  lineItems: readonly { catalogReference?: CatalogReference; quantity?: number }[] | undefined,
  elevated: boolean,
): Promise<{ items: ResolvedItem[]; rows: CatalogRows }> {
  const refs = (lineItems ?? []).flatMap(({ catalogReference: ref, quantity }, index) =>
    ref ? [{ ref, quantity, index }] : [],
  )
  const rows = await loadCatalog(
    db,
    refs.map(({ ref }) => ref.catalogItemId),
  )
  const items = refs.map(({ ref, quantity, index }) => {
    const field = `lineItems[${index}]`
    if (ref.appId !== STORES_APP_ID)
      throw PlatformError.application(
        400,
        'UNSUPPORTED_CATALOG_APP',
        `Only Wix Stores products (appId ${STORES_APP_ID}) can be added (${field})`,
        { appId: ref.appId },
      )
    const item = check(resolveReference(rows, ref), ref, field, elevated)
    return { item, ref, quantity: quantity ?? 1, field }
  })
  return { items, rows }
}

/** The {@link Addition}s of resolved catalog items and custom line items, for `cart`. */
export function additionsFor(
  { id: cartId, currency }: CartRow,
  items: readonly ResolvedItem[],
  customs: readonly CustomLineItemInput[] = [],
): Addition[] {
  return [
    ...items.map(({ item, ref, quantity, field }) => ({
      mergeKey: item.mergeKey,
      quantity,
      line: () => catalogLine(cartId, item, ref, quantity, currency),
      stock: item.stock,
      field,
    })),
    ...customs.map((input, index) => {
      const line = customLine(cartId, input, currency)
      const field = `customLineItems[${index}]`
      return {
        mergeKey: line.merge_key,
        quantity: line.quantity,
        line: () => line,
        stock: null,
        field,
      }
    }),
  ]
}
