import type { PlatformContext } from '../../context.js'
import { forUpdate, type Tx } from '../../db/transaction.js'
import { PlatformError } from '../../http/platform-error.js'
import type { EventIdentity } from '../events/index.js'
import type { ProductRow } from './rows.js'
import { freeSlug, slugify } from './slug.js'

/** A catalog write: the platform's context, and who writes, as the write's events name them. */
export interface Writer extends PlatformContext {
  readonly identity: EventIdentity
}

/** The current instant, as rows and the wire hold it. */
export const now = (): string => new Date().toISOString()

/** The product row of `id`, locked for the rest of the transaction (PostgreSQL), or a 404. */
export async function lockProduct(trx: Tx, id: string): Promise<ProductRow> {
  const row = await forUpdate(
    trx,
    trx.selectFrom('products').selectAll().where('id', '=', id),
  ).executeTakeFirst()
  if (!row) throw PlatformError.notFound(`Product "${id}" not found`)
  return row
}

const LOCK = 'catalog_product_lock'

/**
 * Serialises product creations (a settings row locked on PostgreSQL; SQLite's transaction holds
 * the write lock already), then gives the next `numericId`: one above the highest.
 */
export async function nextNumericId(trx: Tx): Promise<number> {
  await trx
    .insertInto('settings')
    .values({ key: LOCK, value: '' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  await forUpdate(trx, trx.selectFrom('settings').select('key').where('key', '=', LOCK)).execute()
  const { top } = await trx
    .selectFrom('products')
    .select((eb) => eb.fn.max('numeric_id').as('top'))
    .executeTakeFirstOrThrow()
  return Number(top ?? 0) + 1
}

/**
 * The slug of a product or collection: `explicit` if no other row of `table` has it (else a 409),
 * or one made from `name`, suffixed `-2`, `-3`, … until free.
 */
export async function chooseSlug(
  trx: Tx,
  table: 'products' | 'collections',
  explicit: string | undefined,
  name: string,
  selfId?: string,
): Promise<string> {
  let others = trx.selectFrom(table).select('slug')
  if (selfId) others = others.where('id', '<>', selfId)
  if (explicit) {
    if (await others.where('slug', '=', explicit).executeTakeFirst())
      throw PlatformError.application(
        409,
        'DUPLICATE_SLUG',
        `The slug "${explicit}" is already used by another ${table === 'products' ? 'product' : 'collection'}`,
        { slug: explicit },
      )
    return explicit
  }
  const base = slugify(name, table === 'products' ? 'product' : 'collection')
  const taken = await others
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  return freeSlug(base, new Set(taken.map((row) => row.slug)))
}
