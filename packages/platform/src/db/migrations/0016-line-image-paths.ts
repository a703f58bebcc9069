import type { Kysely } from 'kysely'

/** A public URL (`VITRINE_PUBLIC_URL`): http(s), a host, maybe a path, no query or fragment. */
const PUBLIC_URL = /^https?:\/\/[^/?#]+(\/[^?#]*)?$/

/** The paths (`"url":"/…"`) a product's JSON columns store. */
const storedPaths = (text: string | null): string[] =>
  [...(text ?? '').matchAll(/"url":("\/(?:[^"\\]|\\.)*")/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  )

/**
 * Cart lines now store the catalog's picture as the catalog stores it — the platform's own as a
 * path, made absolute on the configured public URL when a cart is answered — so a changed public
 * URL leaves no stale address in carts. A catalog line added before holds it absolute (a public
 * URL, then the path): it gets the path back when its product (its media, its choices' or its
 * variants') stores that path. Redirect sessions get an index on their expiry, for the retention
 * sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('redirect_sessions_expires')
    .on('redirect_sessions')
    .column('expires_at')
    .execute()
  const lines: { id: string; catalog_item_id: string; image: string }[] = await db
    .selectFrom('cart_line_items')
    .select(['id', 'catalog_item_id', 'image'])
    .where('kind', '=', 'catalog')
    .where('image', 'like', '%"url":"http%')
    .execute()
  for (const line of lines) {
    const image = JSON.parse(line.image) as { url: string }
    const product = await db
      .selectFrom('products')
      .select(['media', 'product_options'])
      .where('id', '=', line.catalog_item_id)
      .executeTakeFirst()
    const variants = await db
      .selectFrom('variants')
      .select('media')
      .where('product_id', '=', line.catalog_item_id)
      .execute()
    const paths = [
      product?.media,
      product?.product_options,
      ...variants.map((v) => v.media),
    ].flatMap(storedPaths)
    const path = paths.find(
      (candidate) =>
        image.url.endsWith(candidate) &&
        PUBLIC_URL.test(image.url.slice(0, image.url.length - candidate.length)),
    )
    if (path === undefined) continue
    await db
      .updateTable('cart_line_items')
      .set({ image: JSON.stringify({ ...image, url: path }) })
      .where('id', '=', line.id)
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('redirect_sessions_expires').execute()
}
