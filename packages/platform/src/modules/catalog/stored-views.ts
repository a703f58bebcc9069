import type { PlatformContext } from '../../context.js'
import { forUpdate, transaction } from '../../db/transaction.js'
import type { ProductViewOptions } from './product-view.js'
import { productViews } from './product-views.js'

/*
 * Stored product views (table `product_views`, migration 0012): the JSON of a product as a shopper
 * sees it, kept so that product reads send it as it is instead of reading variants and
 * collections and building it again. Triggers delete a view whenever its product, variants or
 * collection memberships change (whatever code changes them), so a stored view is the view of the
 * product as it is now; a read that finds none builds the view itself, as before, and has it
 * stored after answering. Merchant views (cost and profit) are never stored.
 */

/** Products stored per transaction, at most. */
const BATCH = 100

/** A stored view as a read finds it (left-joined: null when there is none). */
export interface StoredView {
  /** What it was built for: {@link viewKey}. */
  base: string | null
  json: Uint8Array | null
}

/** What a public view depends on besides the product: the storefront base, the public URL. */
const viewKey = (options: ProductViewOptions) => `${options.base} ${options.publicUrl}`

/** The stored JSON (UTF-8 bytes) of a view for `options`, if there is one (public, same key). */
export function usableView(
  stored: StoredView,
  options: ProductViewOptions,
): Uint8Array | undefined {
  if (options.merchant || stored.json === null || stored.base !== viewKey(options)) return undefined
  return stored.json
}

/**
 * Builds and stores the public views of products `ids` (with `options`) in one transaction, their
 * rows locked first (PostgreSQL), as the triggers that delete views lock them: a change of a
 * product in flight either finishes first (and the view is built after it) or waits and then
 * deletes the view stored here.
 */
export async function storeProductViews(
  ctx: PlatformContext,
  ids: readonly string[],
  options: ProductViewOptions,
): Promise<void> {
  if (ids.length === 0) return
  await transaction(ctx.db, async (trx) => {
    const rows = await forUpdate(
      ctx.db,
      trx
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id'),
    ).execute()
    if (rows.length === 0) return
    const views = await productViews(trx, rows, { ...options, merchant: false })
    await trx
      .insertInto('product_views')
      .values(
        views.map((view) => ({
          product_id: view.id,
          base: viewKey(options),
          json: Buffer.from(JSON.stringify(view)),
        })),
      )
      .onConflict((oc) =>
        oc.column('product_id').doUpdateSet((eb) => ({
          base: eb.ref('excluded.base'),
          json: eb.ref('excluded.json'),
        })),
      )
      .execute()
  })
}

/** Stores the views that reads asked for, after they answered: one at a time, deduplicated. */
class ViewRefresher {
  readonly #pending = new Map<string, ProductViewOptions>()
  #running = false

  constructor(readonly ctx: PlatformContext) {}

  add(ids: readonly string[], options: ProductViewOptions): void {
    for (const id of ids) this.#pending.set(id, options)
    if (this.#running) return
    this.#running = true
    setImmediate(() => void this.#run())
  }

  async #run(): Promise<void> {
    try {
      while (this.#pending.size > 0) {
        const options = this.#pending.values().next().value!
        const ids = [...this.#pending]
          .filter(([, wanted]) => viewKey(wanted) === viewKey(options))
          .slice(0, BATCH)
          .map(([id]) => id)
        for (const id of ids) this.#pending.delete(id)
        // A failure (the database closing) only leaves the views to be built by later reads.
        await storeProductViews(this.ctx, ids, options).catch(() => {})
      }
    } finally {
      this.#running = false
    }
  }
}

const refreshers = new WeakMap<PlatformContext, ViewRefresher>()

/** Has the public views of products `ids` (for `options`) stored soon, in the background. */
export function storeViewsLater(
  ctx: PlatformContext,
  ids: readonly string[],
  options: ProductViewOptions,
): void {
  if (options.merchant || ids.length === 0) return
  let refresher = refreshers.get(ctx)
  if (!refresher) refreshers.set(ctx, (refresher = new ViewRefresher(ctx)))
  refresher.add(ids, options)
}
