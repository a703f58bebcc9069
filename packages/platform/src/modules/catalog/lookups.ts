import type { Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'

/** The currency of a catalog with no product yet. */
export const DEFAULT_CURRENCY = 'USD'

/** The site currency: the catalog's (every product has the site's), else {@link DEFAULT_CURRENCY}. */
export async function siteCurrency(db: Kysely<Schema>): Promise<string> {
  const row = await db.selectFrom('products').select('currency').limit(1).executeTakeFirst()
  return row?.currency ?? DEFAULT_CURRENCY
}

/** Whether a product shoppers see has slug `slug`. */
export async function visibleProductHasSlug(db: Kysely<Schema>, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', slug)
    .where('visible', '=', 1)
    .executeTakeFirst()
  return row !== undefined
}
