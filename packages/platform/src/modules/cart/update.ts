import type { Updateable } from 'kysely'
import type { PlatformContext } from '../../context.js'
import type { Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import { couponProblem, findCoupon } from './discounts.js'
import { addLines, insufficientStock, lineItemNotFound } from './lines.js'
import { mutateCart, type CartRows } from './mutate.js'
import { sum } from '../../money.js'
import { additionsFor, resolveItems } from './resolve.js'
import type { UpdateCartBody } from './schema.js'
import { lineCatalog, lineTotalMinor, type Shopper } from './state.js'
import { deleteLines, linesOf, setQuantity } from './store.js'
import type { CartsTable } from './tables.js'
import type { WireCart } from './wire.js'

/** The `cartInfo` fields `cartFieldmask` may name. */
const MASKABLE = ['buyerNote', 'contactInfo', 'contactInfo.address', 'contactInfo.contactDetails']

/** `cartFieldmask` as a list of `cartInfo` paths (`cartInfo.` prefixes dropped); null if absent. */
export function parseFieldMask(mask: string | undefined): string[] | null {
  if (mask === undefined) return null
  const paths = mask
    .split(',')
    .map((path) => path.trim().replace(/^cartInfo\./, ''))
    .filter(Boolean)
  const unknown = paths.find((path) => !MASKABLE.includes(path))
  if (unknown)
    throw PlatformError.invalid(
      'cartFieldmask',
      `cannot update "${unknown}": one of ${MASKABLE.join(', ')}`,
      'INVALID_ENUM_VALUE',
    )
  return paths
}

type Columns = Updateable<CartsTable>
type ContactInfo = Record<string, unknown>

/** The cart columns `cartInfo` changes: every field it carries, or only those of the mask. */
function infoColumns(state: CartRows, body: UpdateCartBody, mask: string[] | null): Columns {
  const info = body.cartInfo
  if (!info) return {}
  const has = (field: string) => (mask ? mask.includes(field) : field in info)
  const columns: Columns = {}
  if (has('buyerNote')) columns.buyer_note = info.buyerNote || null
  let contact: ContactInfo | null = state.cart.contact_info
    ? (JSON.parse(state.cart.contact_info) as ContactInfo)
    : null
  if (has('contactInfo')) contact = info.contactInfo ?? null
  else
    for (const part of ['address', 'contactDetails'] as const) {
      if (!mask?.includes(`contactInfo.${part}`)) continue
      const value = info.contactInfo?.[part]
      contact = { ...contact }
      if (value === undefined) delete contact[part]
      else contact[part] = value
    }
  const changed = has('contactInfo') || mask?.some((path) => path.startsWith('contactInfo.'))
  if (changed)
    columns.contact_info = contact && Object.keys(contact).length ? JSON.stringify(contact) : null
  return columns
}

async function updateLines(trx: Tx, state: CartRows, body: UpdateCartBody) {
  const updates = (body.lineItems ?? []).filter((input) => input.id && !input.catalogReference)
  if (updates.length === 0) return
  const catalog = await lineCatalog(trx, state.lines)
  for (const [index, input] of (body.lineItems ?? []).entries()) {
    if (!input.id || input.catalogReference) continue
    const line = state.lines.find((candidate) => candidate.id === input.id)
    if (!line) throw lineItemNotFound(input.id)
    if (input.quantity === undefined) continue
    if (input.quantity === 0) await deleteLines(trx, state.cart.id, [line.id])
    else {
      const stock = catalog.get(line.id)?.stock ?? null
      if (stock !== null && input.quantity > stock && input.quantity > line.quantity)
        throw insufficientStock(`lineItems[${index}]`, stock, input.quantity)
      await setQuantity(trx, line.id, input.quantity)
    }
  }
}

/**
 * `PATCH /ecom/v1/carts/current`: `cartInfo` (`buyerNote`, `contactInfo`; only the fields of
 * `cartFieldmask` when it is given), `lineItems` (with an `id`: a new quantity, 0 removes; with a
 * `catalogReference`: added like add-to-cart), `customLineItems` (added; elevated callers only), `couponCode` (checked
 * against the cart after its item changes) and `merchantDiscounts` (the route lets only elevated
 * callers set them). Creates the cart when the caller has none.
 */
export async function updateCurrentCart(
  ctx: PlatformContext,
  { owner, elevated }: Shopper,
  body: UpdateCartBody,
): Promise<WireCart> {
  const mask = parseFieldMask(body.cartFieldmask)
  const { items, rows } = await resolveItems(
    ctx.db.kysely,
    (body.lineItems ?? []).map((input, index) => ({ ...input, index })),
    { prefix: 'lineItems', elevated },
  )
  return mutateCart(ctx, owner, { create: true, catalog: rows }, async (trx, state) => {
    const { cart } = state
    const columns = infoColumns(state, body, mask)
    await updateLines(trx, state, body)
    const current = await linesOf(trx, cart.id)
    const lines = await addLines(
      trx,
      current,
      additionsFor(cart.id, cart.currency, items, body.customLineItems),
    )
    state.linesAfter = lines
    if (body.couponCode !== undefined) {
      const coupon = await findCoupon(trx, body.couponCode)
      const subtotal = sum(lines.map((line) => lineTotalMinor(line, cart.currency)))
      const problem = couponProblem(coupon, body.couponCode, subtotal, cart.currency)
      if (problem) throw problem
      columns.coupon_code = coupon!.code
    }
    if (body.merchantDiscounts) {
      body.merchantDiscounts.forEach((discount, index) =>
        discount.lineItemIds?.forEach((id, at) => {
          if (!lines.some((line) => line.id === id))
            throw PlatformError.invalid(
              `merchantDiscounts[${index}].lineItemIds[${at}]`,
              `is not a line item of the cart`,
            )
        }),
      )
      columns.merchant_discounts = body.merchantDiscounts.length
        ? JSON.stringify(body.merchantDiscounts)
        : null
    }
    return columns
  })
}
