import type { Kysely } from 'kysely'
import * as productViews from './0012-product-views.js'
import * as productViewBytes from './0013-product-view-bytes.js'

/**
 * No stored product views: reads build a product's view from its tables. Drops the table, its
 * triggers (six on SQLite) and, on PostgreSQL, their two functions — exactly what 0012's `down`
 * drops. `down` brings back 0014's state: the table (empty) and its triggers, as 0012 and 0013
 * created them.
 */
export const up = (db: Kysely<any>): Promise<void> => productViews.down(db)

export async function down(db: Kysely<any>): Promise<void> {
  await productViews.up(db)
  await productViewBytes.up(db)
}
